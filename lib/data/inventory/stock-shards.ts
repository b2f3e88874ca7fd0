import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StockCause } from '../../domain/inventory/stock-events';
import { splitStock } from '../../domain/inventory/stock-shards';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { type Key, keys } from '../keys';
import { noteShardLevel } from './stock-view';

/**
 * The stock shards of tracked products (docs/inventory.md): item `SHOP#s#STOCK#{productId}#{k}`
 * holds `available` (integer thousandths) and `holds`, a map from a checkout's hold id to the units
 * it took and has not yet ordered or given back. Every change is one single-item conditional
 * update: no transaction ever touches a shard, so buyers of a hot product never cancel each other.
 *
 * A write that moves the product's committed stock (available plus the units held by checkouts in
 * flight) also says why: `reason` and `orderId` (a StockCause), read from the table's stream by the
 * stock events (docs/inventory.md "Events"), and `kind = stock`, the stream filter's handle. A take
 * and a give-back move units between `available` and `holds` only: they need no cause.
 */

/** The `kind` of a shard item: the stream filter of the event consumer matches it. */
export const STOCK_SHARD_KIND = 'stock';

/**
 * The part of an UpdateExpression that states a write's cause, for every writer of a shard that
 * moves its committed level (settle, PATCH of stock, cancellation): `SET ${set}` with its names
 * and values merged into the command's.
 */
export function stockCauseUpdate(cause: StockCause): {
  set: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
} {
  return {
    set: '#kind = :stockKind, #reason = :reason, #orderId = :orderId, updatedAt = :causedAt',
    names: { '#kind': 'kind', '#reason': 'reason', '#orderId': 'orderId' },
    values: {
      ':stockKind': STOCK_SHARD_KIND,
      ':reason': cause.reason,
      ':orderId': cause.orderId,
      ':causedAt': new Date().toISOString(),
    },
  };
}

/** The level of each shard of a product, strongly consistent (missing shards hold nothing). */
export async function shardLevels(shopId: string, productId: string, shards: number): Promise<number[]> {
  const found = await batchGetItems(
    Array.from({ length: shards }, (_, k) => keys.stockShard(shopId, productId, k)),
  );
  return found.map((item) => (item?.available as number | undefined) ?? 0);
}

/**
 * The committed level of each shard (strongly consistent): `available` plus what checkouts in flight
 * hold, i.e. the stock as it stands once those checkouts are settled or given back. The stock
 * events count this level, so a failed checkout's take and give-back raise nothing.
 */
export async function committedLevels(shopId: string, productId: string, shards: number): Promise<number[]> {
  const found = await batchGetItems(
    Array.from({ length: shards }, (_, k) => keys.stockShard(shopId, productId, k)),
  );
  return found.map((item) => committedOf(item ?? {}));
}

/** A shard item's committed level: available plus its holds (missing attributes count as none). */
export function committedOf(item: Record<string, unknown>): number {
  const held = Object.values((item.holds as Record<string, number> | undefined) ?? {});
  return ((item.available as number | undefined) ?? 0) + held.reduce((a, b) => a + Number(b), 0);
}

/**
 * The items that set a product's stock absolutely (the import): its level split over its shards,
 * each with no holds (a hold in flight is dropped: the absolute level wins). Their write sequence
 * starts at the import's time in ms, above any count the shard reached before (DynamoDB takes at
 * most 1,000 writes a second to one item), so an instance's live stock takes the new levels over
 * what it saw of the old ones (lib/data/inventory/stock-view.ts keeps the higher sequence).
 */
export function stockShardItems(
  shopId: string,
  productId: string,
  units: number,
  shards: number,
): (Record<string, unknown> & Key)[] {
  const now = Date.now();
  const updatedAt = new Date(now).toISOString();
  return splitStock(units, shards).map((available, shard) => ({
    ...keys.stockShard(shopId, productId, shard),
    kind: STOCK_SHARD_KIND,
    productId,
    shard,
    available,
    seq: now,
    holds: {},
    reason: 'import',
    orderId: null,
    updatedAt,
    gsi3pk: keys.stockFeed(shopId, shard),
    gsi3sk: keys.stockFeedSort(updatedAt, productId),
  }));
}

/** A take's outcome: taken, or refused with the shard's level as the refusal found it. */
export type TakeOutcome = { taken: true } | { taken: false; available: number };

/**
 * Takes `units` from one shard for hold `holdId` if the shard has that many. Idempotent: a retry
 * of a take that was applied finds its own hold and counts as taken. A refusal (the shard is short)
 * says what the shard holds, and this instance's live stock notes it, so its next blind takes pass
 * the shard by (docs/inventory.md "A hot product").
 */
export async function takeFromShard(
  shopId: string,
  productId: string,
  shard: number,
  units: number,
  holdId: string,
): Promise<TakeOutcome> {
  try {
    const taken = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.stockShard(shopId, productId, shard),
        UpdateExpression:
          'ADD seq :one SET available = available - :units, holds.#hold = :units, updatedAt = :now, gsi3sk = :feed',
        ConditionExpression: 'available >= :units AND attribute_not_exists(holds.#hold)',
        ExpressionAttributeNames: { '#hold': holdId },
        ExpressionAttributeValues: { ':units': units, ':one': 1, ...changedNow(productId) },
        ReturnValues: 'UPDATED_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    noteShardLevel(shopId, productId, shard, taken.Attributes);
    return { taken: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The refusal's item comes marshalled (the document client leaves errors as they are).
    const stored = error.Item ?? {};
    if (holdId in (stored.holds?.M ?? {})) return { taken: true };
    const level = { available: Number(stored.available?.N ?? 0), seq: Number(stored.seq?.N ?? 0) };
    noteShardLevel(shopId, productId, shard, level, 'read');
    return { taken: false, available: level.available };
  }
}

/**
 * Ends hold `holdId` on a shard exactly once: `giveBack` puts its units back (the order was not
 * written), else they stay taken (the order was) and the shard records the cause: reason `order`,
 * with the order's id when the caller knows it (the sweeper does not). A hold already ended (or
 * never applied) is left.
 */
export async function endShardHold(
  shopId: string,
  productId: string,
  shard: number,
  holdId: string,
  giveBack: boolean,
  orderId: string | null = null,
): Promise<void> {
  const cause = stockCauseUpdate({ reason: 'order', orderId });
  try {
    const ended = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.stockShard(shopId, productId, shard),
        UpdateExpression: giveBack
          ? 'ADD seq :one SET available = available + holds.#hold, updatedAt = :now, gsi3sk = :feed REMOVE holds.#hold'
          : `SET ${cause.set} REMOVE holds.#hold`,
        ConditionExpression: 'attribute_exists(holds.#hold)',
        ExpressionAttributeNames: { '#hold': holdId, ...(giveBack ? {} : cause.names) },
        ExpressionAttributeValues: giveBack ? { ':one': 1, ...changedNow(productId) } : cause.values,
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (giveBack) noteShardLevel(shopId, productId, shard, ended.Attributes);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * The values every change of `available` sets: its time, and its place in the change feed (gsi3:
 * product reads follow stock by difference, lib/data/inventory/stock-feed.ts).
 */
export function changedNow(productId: string): { ':now': string; ':feed': string } {
  const now = new Date().toISOString();
  return { ':now': now, ':feed': keys.stockFeedSort(now, productId) };
}

/**
 * What a merchant's write of a shard's level sets beside the level: its cause (for the stock events)
 * and its place in the change feed (for product reads), at one time. A shard it creates joins the feed.
 */
export function levelWriteUpdate(
  shopId: string,
  productId: string,
  shard: number,
  cause: StockCause,
): { set: string; names: Record<string, string>; values: Record<string, unknown> } {
  const stated = stockCauseUpdate(cause);
  return {
    set: `${stated.set}, gsi3pk = :feedpk, gsi3sk = :feed`,
    names: stated.names,
    values: {
      ...stated.values,
      ':feedpk': keys.stockFeed(shopId, shard),
      ':feed': keys.stockFeedSort(stated.values[':causedAt'] as string, productId),
    },
  };
}
