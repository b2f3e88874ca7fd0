import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { log } from '../../log';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { type FeedKind, SPREAD_ENTRY } from './feed';

/**
 * How many write buckets a shop's feed of one kind is spread over (docs/data-model.md "Feeds"). A
 * feed partition takes about 1,000 writes a second; a quiet shop needs one, and every reader pays a
 * Query per bucket. So a feed starts on one bucket and doubles when a write that carries a feed
 * entry is throttled, up to MAX_SPREAD; it never narrows again (an item keeps its bucket until it is
 * written again, and readers must find it). An instance's first read of a feed reads the spread,
 * strongly consistent; later reads learn of a widening from the spread item's own entry in bucket 0
 * (SPREAD_ENTRY), which each widening moves, and read the new buckets in full then, so no entry is
 * missed for longer than the feed lags. Writers keep the spread for WRITER_CACHE_MS (until then they
 * may still write into fewer buckets, which readers read anyway).
 */
export const MAX_SPREAD = 32;
const WRITER_CACHE_MS = 10_000;

/** Per shop and kind: the spread as read (a promise, so concurrent writers share one read) and when. */
const writerCache = new Map<string, { buckets: Promise<number>; at: number }>();

/** The spread as stored (1 when the shop never widened it). */
export async function readSpread(shopId: string, kind: FeedKind): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.feedSpread(shopId, kind),
      ProjectionExpression: 'buckets',
      ConsistentRead: true,
    }),
  );
  return (Item?.buckets as number | undefined) ?? 1;
}

/** The spread a writer uses: the stored one, read at most every WRITER_CACHE_MS by this instance. */
export function writerSpread(shopId: string, kind: FeedKind): Promise<number> {
  const id = `${shopId}|${kind}`;
  const held = writerCache.get(id);
  if (held && Date.now() - held.at < WRITER_CACHE_MS) return held.buckets;
  const buckets = readSpread(shopId, kind);
  writerCache.set(id, { buckets, at: Date.now() });
  // A failed read is not kept: the next writer reads again.
  buckets.catch(() => {
    if (writerCache.get(id)?.buckets === buckets) writerCache.delete(id);
  });
  return buckets;
}

/**
 * Doubles the spread from `seen` (the one the throttled write used), unless another writer did
 * already; this instance writes into the wider spread at once.
 */
export async function widenSpread(shopId: string, kind: FeedKind, seen: number): Promise<void> {
  const buckets = Math.min(MAX_SPREAD, seen * 2);
  if (buckets === seen) return;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.feedSpread(shopId, kind),
        // The spread's entry in bucket 0 moves with it (SPREAD_ENTRY).
        UpdateExpression:
          'SET buckets = :wider, version = :wider, ox = :entry, gsi4pk = :feed, gsi4sk = :sort',
        ConditionExpression: 'attribute_not_exists(buckets) OR buckets < :wider',
        ExpressionAttributeValues: {
          ':wider': buckets,
          ':entry': SPREAD_ENTRY,
          ':feed': keys.feed(shopId, kind, 0),
          ':sort': keys.feedSort(new Date().toISOString(), SPREAD_ENTRY),
        },
      }),
    );
    log.warn('a feed was throttled: spread over more write buckets', { shopId, kind, buckets });
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
  writerCache.delete(`${shopId}|${kind}`);
}

/** Whether a failed write was throttled by DynamoDB (a hot partition of the table or an index). */
export function isThrottled(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'ProvisionedThroughputExceededException' || name === 'ThrottlingException') return true;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | undefined)?.CancellationReasons;
  return reasons?.some((reason) => reason.Code === 'ThrottlingError') ?? false;
}

/**
 * Runs a write that carries entries of `kinds`' feeds (written with the spreads in `used`); when
 * DynamoDB throttles it, widens those feeds before the error goes on (the client's retry writes
 * into the wider spread).
 */
export async function widenedOnThrottle<T>(
  shopId: string,
  used: Partial<Record<FeedKind, number>>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isThrottled(error))
      await Promise.all(
        Object.entries(used).map(([kind, seen]) =>
          widenSpread(shopId, kind as FeedKind, seen as number).catch(() => undefined),
        ),
      );
    throw error;
  }
}

/** Forgets the spreads this instance holds (tests). */
export function forgetSpreads(): void {
  writerCache.clear();
}
