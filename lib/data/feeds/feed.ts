import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { BULK_CALL } from '../client-settings';
import { keys } from '../keys';
import { bucketOf } from './buckets';

/**
 * The feeds (gsi4, docs/data-model.md "Feeds"): every order, cart and customer item carries
 * `gsi4pk = SHOP#{s}#{KIND}FEED#{b}` and `gsi4sk = {changedAt}#{id}`, with its compact entry `ox`
 * (and an order's status set `os`) and `version`, so the in-memory indexes behind the lists load a
 * shop's items once and then read only what changed. `b` is a write bucket (feed-spread.ts), chosen
 * by a hash of the item's key.
 */
export type FeedKind = 'ORDER' | 'CART' | 'CUSTOMER';

/** A feed entry as gsi4 projects it. */
export interface FeedItem {
  /** `{changedAt}#{id}`. */
  sort: string;
  ox: string;
  os?: Set<string>;
  version: number;
}

/** The feed attributes of an item: its bucket among `buckets`, its place and its compact entry. */
export function feedAttributes(
  shopId: string,
  kind: FeedKind,
  item: { pk: string; id: string; changedAt: string; ox: string; buckets: number },
): { gsi4pk: string; gsi4sk: string; ox: string } {
  return {
    gsi4pk: keys.feed(shopId, kind, bucketOf(item.pk, item.buckets)),
    gsi4sk: keys.feedSort(item.changedAt, item.id),
    ox: item.ox,
  };
}

/**
 * The `ox` of the spread's own entry in bucket 0 (feed-spread.ts): every widening moves it, with the
 * new spread as its `version`, so a warm reader learns of new buckets from the Query it makes anyway.
 * No order, cart or customer entry starts with `~`.
 */
export const SPREAD_ENTRY = '~spread';

/** The spread a feed item announces, when it is the spread's own entry. */
export function spreadOfFeedItem(item: FeedItem): number | undefined {
  return item.ox === SPREAD_ENTRY ? item.version : undefined;
}

/** The id in a feed sort key. */
export function idOfSort(sort: string): string {
  return sort.slice(sort.indexOf('#') + 1);
}

/** The time (ms) in a feed sort key. */
export function timeOfSort(sort: string): number {
  return Date.parse(sort.slice(0, sort.indexOf('#')));
}

/**
 * Entries a feed Query asks for at most (~250 KB). DynamoDB Local cuts its 1 MB pages by the size of
 * the whole item (~750 orders) and took 0.5 to over 10 s for such a page of a 12,500-entry bucket;
 * with this limit ~0.25 s (2026-11-26).
 */
const FEED_PAGE = 1000;

/**
 * The entries of one bucket, in full or those with `gsi4sk > after`, handed to `take` page by page
 * (a cold load that fails half way keeps what it read). Eventually consistent (an index can be read no other way): the index lags the table by a fraction
 * of a second in AWS, which the reader's margin covers (feed-cache.ts).
 */
export async function readFeedBucket(
  shopId: string,
  kind: FeedKind,
  bucket: number,
  after: string | undefined,
  take: (page: FeedItem[]) => void,
): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi4',
        KeyConditionExpression: after === undefined ? 'gsi4pk = :pk' : 'gsi4pk = :pk AND gsi4sk > :after',
        ExpressionAttributeValues: {
          ':pk': keys.feed(shopId, kind, bucket),
          ...(after === undefined ? {} : { ':after': after }),
        },
        ExclusiveStartKey: startKey,
        Limit: FEED_PAGE,
      }),
      // A cold load reads many pages: DynamoDB Local on a busy host took over the usual 1.5 s.
      BULK_CALL,
    );
    take(
      (page.Items ?? []).map((item) => ({
        sort: item.gsi4sk as string,
        ox: item.ox as string,
        os: item.os as Set<string> | undefined,
        version: (item.version as number | undefined) ?? 0,
      })),
    );
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
