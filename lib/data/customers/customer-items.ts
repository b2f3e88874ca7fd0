import type { CustomerRecord } from '../../domain/customers/customer';
import type { CreatedEntry } from '../feeds/created-index';
import { type FeedItem, feedAttributes, idOfSort } from '../feeds/feed';
import { type Key, keys } from '../keys';

/**
 * The items of one customer: the customer itself (in the shop's customer feed, in a bucket of the
 * feed's `feedBuckets`, lib/data/feeds), the guard that keeps its customer number unique in the shop,
 * and the guard that maps its e-mail address to it (checkout looks buyers up by e-mail with one GetItem).
 */
export function customerItems(
  shopId: string,
  customer: CustomerRecord,
  feedBuckets: number,
  writtenAt = new Date().toISOString(),
) {
  const key = keys.customer(shopId, customer.customerId);
  return {
    customer: {
      ...key,
      kind: 'customer',
      ...feedAttributes(shopId, 'CUSTOMER', {
        pk: key.pk,
        id: customer.customerId,
        // The time of this write: a customer imported with an old creation date is still news to
        // the instances that read the feed since.
        changedAt: writtenAt,
        ox: Date.parse(customer.creationDate).toString(36),
        buckets: feedBuckets,
      }),
      // Beside the feed entry, so the list's index and its kept items know which version they hold.
      version: customer.version ?? 0,
      data: customer,
    } as Record<string, unknown> & Key,
    numberGuard: customerNumberGuard(shopId, customer),
    emailGuard: customerEmailGuard(shopId, customer),
  };
}

/** The guard that keeps the customer's number unique in the shop. */
export function customerNumberGuard(shopId: string, customer: CustomerRecord) {
  return {
    ...keys.customerNumber(shopId, customer.customerNumber),
    kind: 'customerNumber',
    customerId: customer.customerId,
  } as Record<string, unknown> & Key;
}

/** The guard that maps the customer's e-mail address to it, or null when it has none. */
export function customerEmailGuard(shopId: string, customer: CustomerRecord) {
  const email = customer.billingAddress.emailAddress;
  return email
    ? ({
        ...keys.customerEmail(shopId, email),
        kind: 'customerEmail',
        customerId: customer.customerId,
        customerNumber: customer.customerNumber,
      } as Record<string, unknown> & Key)
    : null;
}

/** A customer's entry in the list index, from its feed item. */
export function customerEntryOfFeedItem(item: FeedItem): CreatedEntry {
  return customerEntry(idOfSort(item.sort), Number.parseInt(item.ox, 36), item.version);
}

/** A customer in the list index: listed for good, by its creation date (never changed). */
export function customerEntry(customerId: string, createdMs: number, version: number): CreatedEntry {
  return {
    id: customerId,
    createdMs,
    version,
    listed: true,
    untilMs: Number.POSITIVE_INFINITY,
    tag: false,
  };
}
