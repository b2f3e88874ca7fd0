import type { CustomerRecord } from '../../domain/customers/customer';
import { type Key, keys } from '../keys';
import { type Listing, listingAttributes } from '../lists/listing';
import { series } from '../lists/series';

/**
 * The items of one customer: the customer itself (listed by creation time, lib/data/lists), the guard
 * that keeps its customer number unique in the shop, and the guard that maps its e-mail address
 * to it (checkout looks buyers up by e-mail with one GetItem).
 */
export function customerItems(shopId: string, customer: CustomerRecord, tallied?: string) {
  const email = customer.billingAddress.emailAddress;
  const key = keys.customer(shopId, customer.customerId);
  return {
    customer: {
      ...key,
      kind: 'customer',
      ...listingAttributes(shopId, customerListing(key, customer), tallied),
      data: customer,
    } as Record<string, unknown> & Key,
    numberGuard: {
      ...keys.customerNumber(shopId, customer.customerNumber),
      kind: 'customerNumber',
      customerId: customer.customerId,
    } as Record<string, unknown> & Key,
    emailGuard: email
      ? ({
          ...keys.customerEmail(shopId, email),
          kind: 'customerEmail',
          customerId: customer.customerId,
          customerNumber: customer.customerNumber,
        } as Record<string, unknown> & Key)
      : null,
  };
}

/** A customer is listed in the shop's customers by its creation date, for good. */
export function customerListing(key: Key, customer: CustomerRecord): Listing {
  return {
    kind: 'CUSTOMER',
    key,
    id: customer.customerId,
    // Imported dates may lack milliseconds: sort keys compare as text.
    createdAt: new Date(customer.creationDate).toISOString(),
    series: [series.customers],
  };
}
