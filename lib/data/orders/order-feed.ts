import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderRecord } from '../../domain/orders/order';
import { FILTER_STATUSES, type OrderSummary, statusBits } from '../../domain/orders/order-filter';
import { dynamo, tableName } from '../client';
import { BULK_CALL } from '../client-settings';
import { keys } from '../keys';
import { allBuckets, BUCKETS, bucketOf } from '../lists/buckets';

/**
 * The order feed (gsi4): every order item carries `gsi4pk = SHOP#{s}#ORDERFEED#{b}` and
 * `gsi4sk = {lastUpdatedOnDate}#{orderId}`, so the order index (order-index.ts) loads a shop's orders
 * in full once and then reads only what changed. The index projects a compact entry, not the order:
 * `ox` (fixed at checkout: created time in base 36, currency, customer, the distinct product ids,
 * joined by `#`, which no id holds), `os` (a string set of the filterable status timestamps that are
 * set; absent when none) and `version`. Every write of the order item that changes its data keeps
 * `gsi4sk` and `os` in step (order-writes.ts, finalize-document.ts).
 */

/** One order as the feed shows it. */
export interface OrderEntry extends OrderSummary {
  /** The order item's version (0 until its first change): entries never replace a newer one. */
  version: number;
}

/** The feed attributes of a new order item (lib/data/orders/order-items.ts). */
export function orderFeedAttributes(order: OrderRecord): Record<string, unknown> {
  const bucket = bucketOf(keys.order(order.shopId, order.orderId).pk, BUCKETS.orderFeed);
  const products = [...new Set(order.lines.map((line) => line.productId))];
  const status = orderStatusSet(order);
  return {
    gsi4pk: keys.orderFeed(order.shopId, bucket),
    gsi4sk: orderFeedSort(order),
    ox: [Date.parse(order.createdAt).toString(36), order.currency, order.customerId, ...products].join('#'),
    ...(status ? { os: status } : {}),
  };
}

/** `gsi4sk` of an order as it is now. */
export function orderFeedSort(order: OrderRecord): string {
  return keys.orderFeedSort(order.updatedAt ?? order.createdAt, order.orderId);
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

/** The entry of a feed item (gsi4 projection). */
export function entryOfFeedItem(item: Record<string, unknown>): OrderEntry {
  const sort = item.gsi4sk as string;
  const cut = sort.indexOf('#');
  const [created, currency, customerId, ...productIds] = (item.ox as string).split('#');
  const set = item.os as Set<string> | undefined;
  const timestamps: Record<string, string> = {};
  for (const name of set ?? []) timestamps[name] = name;
  return {
    orderId: sort.slice(cut + 1),
    createdMs: Number.parseInt(created as string, 36),
    updatedMs: Date.parse(sort.slice(0, cut)),
    statusBits: statusBits(timestamps),
    customerId: customerId as string,
    currency: currency as string,
    productIds,
    version: (item.version as number | undefined) ?? 0,
  };
}

/**
 * Entries a feed Query asks for at most (~250 KB). DynamoDB Local cuts its 1 MB pages by the size of
 * the whole order item (~750 entries) and took 0.5 to over 10 s for such a page of a 12,500-entry
 * bucket; with this limit ~0.25 s (2026-11-26). In AWS a cold load then takes ~13 rounds of 8 Queries.
 */
const FEED_PAGE = 1000;

/** Every write bucket of the feed. */
export const FEED_BUCKETS = allBuckets(BUCKETS.orderFeed);

/**
 * The feed entries of one bucket, in full or those with `gsi4sk > after`, and the greatest sort key
 * read. Eventually consistent (an index can be read no other way): the index lags the table by a
 * fraction of a second in AWS, which the reader's margin covers (order-index-cache.ts).
 */
export async function readFeedBucket(
  shopId: string,
  bucket: number,
  after: string | undefined,
): Promise<{ entries: OrderEntry[]; newest: string | undefined }> {
  const entries: OrderEntry[] = [];
  let newest: string | undefined;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi4',
        KeyConditionExpression: after === undefined ? 'gsi4pk = :pk' : 'gsi4pk = :pk AND gsi4sk > :after',
        ExpressionAttributeValues: {
          ':pk': keys.orderFeed(shopId, bucket),
          ...(after === undefined ? {} : { ':after': after }),
        },
        ExclusiveStartKey: startKey,
        Limit: FEED_PAGE,
      }),
      // A cold load reads many pages: DynamoDB Local on a busy host took over the usual 1.5 s.
      BULK_CALL,
    );
    for (const item of page.Items ?? []) entries.push(entryOfFeedItem(item));
    if (page.Items?.length) newest = page.Items.at(-1)?.gsi4sk as string;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { entries, newest };
}
