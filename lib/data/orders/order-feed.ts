import type { OrderRecord } from '../../domain/orders/order';
import { FILTER_STATUSES, type OrderSummary, statusBits } from '../../domain/orders/order-filter';
import { type FeedItem, feedAttributes, idOfSort, timeOfSort } from '../feeds/feed';
import { keys } from '../keys';

/**
 * The order feed (gsi4, lib/data/feeds/feed.ts): every order item's entry sorts by
 * `{lastUpdatedOnDate}#{orderId}`, so the order index (order-index.ts) loads a shop's orders in full
 * once and then reads only what changed. Its compact entry: `ox` (fixed at checkout: created time in
 * base 36, currency, customer, the distinct product ids, joined by `#`, which no id holds), `os` (a
 * string set of the filterable status timestamps that are set; absent when none) and `version`.
 * Every write of the order item that changes its data keeps `gsi4sk` and `os` in step
 * (order-writes.ts, finalize-document.ts).
 */

/** One order as the feed shows it. */
export interface OrderEntry extends OrderSummary {
  /** The order item's version (0 until its first change): entries never replace a newer one. */
  version: number;
}

/** The feed attributes of a new order item (lib/data/orders/order-items.ts), in a bucket of `buckets`. */
export function orderFeedAttributes(
  order: OrderRecord,
  buckets: number,
): { gsi4pk: string; gsi4sk: string; ox: string; os?: Set<string> } {
  const products = [...new Set(order.lines.map((line) => line.productId))];
  const status = orderStatusSet(order);
  return {
    ...feedAttributes(order.shopId, 'ORDER', {
      pk: keys.order(order.shopId, order.orderId).pk,
      id: order.orderId,
      changedAt: order.updatedAt ?? order.createdAt,
      ox: [Date.parse(order.createdAt).toString(36), order.currency, order.customerId, ...products].join('#'),
      buckets,
    }),
    ...(status ? { os: status } : {}),
  };
}

/** `gsi4sk` of an order as it is now. */
export function orderFeedSort(order: OrderRecord): string {
  return keys.feedSort(order.updatedAt ?? order.createdAt, order.orderId);
}

/** `os`: the filterable status timestamps set, or undefined when none is (DynamoDB has no empty set). */
export function orderStatusSet(order: OrderRecord): Set<string> | undefined {
  const set = new Set(FILTER_STATUSES.filter((name) => order.timestamps[name]));
  return set.size > 0 ? set : undefined;
}

/** The entry of an order item read from the table (a page's items are newer than the feed at times). */
export function entryOfOrder(order: OrderRecord, version: number): OrderEntry {
  return {
    orderId: order.orderId,
    createdMs: Date.parse(order.createdAt),
    updatedMs: Date.parse(order.updatedAt ?? order.createdAt),
    statusBits: statusBits(order.timestamps),
    customerId: order.customerId,
    currency: order.currency,
    productIds: [...new Set(order.lines.map((line) => line.productId))],
    version,
  };
}

/** The entry of a feed item. */
export function entryOfFeedItem(item: FeedItem): OrderEntry {
  const [created, currency, customerId, ...productIds] = item.ox.split('#');
  const timestamps: Record<string, string> = {};
  for (const name of item.os ?? []) timestamps[name] = name;
  return {
    orderId: idOfSort(item.sort),
    createdMs: Number.parseInt(created as string, 36),
    updatedMs: timeOfSort(item.sort),
    statusBits: statusBits(timestamps),
    customerId: customerId as string,
    currency: currency as string,
    productIds,
    version: item.version,
  };
}
