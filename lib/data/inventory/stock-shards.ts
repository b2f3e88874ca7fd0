import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { splitStock } from '../../domain/inventory/stock-shards';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { type Key, keys } from '../keys';

/**
 * The stock shards of tracked products (docs/inventory.md): item `SHOP#s#STOCK#{productId}#{k}`
 * holds `available` (integer thousandths) and `holds`, a map from a checkout's hold id to the units
 * it took and has not yet ordered or given back. Every change is one single-item conditional
 * update: no transaction ever touches a shard, so buyers of a hot product never cancel each other.
 */

/** The level of each shard of a product, strongly consistent (missing shards hold nothing). */
export async function shardLevels(shopId: string, productId: string, shards: number): Promise<number[]> {
  const found = await batchGetItems(
    Array.from({ length: shards }, (_, k) => keys.stockShard(shopId, productId, k)),
  );
  return found.map((item) => (item?.available as number | undefined) ?? 0);
}

/**
 * The items that set a product's stock absolutely (the import): its level split over its shards,
 * each with no holds (a hold in flight is dropped: the absolute level wins).
 */
export function stockShardItems(
  shopId: string,
  productId: string,
  units: number,
  shards: number,
): (Record<string, unknown> & Key)[] {
  const updatedAt = new Date().toISOString();
  return splitStock(units, shards).map((available, shard) => ({
    ...keys.stockShard(shopId, productId, shard),
    productId,
    shard,
    available,
    holds: {},
    updatedAt,
    gsi3pk: keys.stockFeed(shopId, shard),
    gsi3sk: keys.stockFeedSort(updatedAt, productId),
  }));
}

/**
 * Takes `units` from one shard for hold `holdId` if the shard has that many. Idempotent: a retry
 * of a take that was applied finds its own hold and counts as taken. False when the shard is short.
 */
export async function takeFromShard(
  shopId: string,
  productId: string,
  shard: number,
  units: number,
  holdId: string,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.stockShard(shopId, productId, shard),
        UpdateExpression:
          'SET available = available - :units, holds.#hold = :units, updatedAt = :now, gsi3sk = :feed',
        ConditionExpression: 'available >= :units AND attribute_not_exists(holds.#hold)',
        ExpressionAttributeNames: { '#hold': holdId },
        ExpressionAttributeValues: { ':units': units, ...changedNow(productId) },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const holds = (error.Item?.holds as { M?: Record<string, unknown> } | undefined)?.M ?? {};
    return holdId in holds;
  }
}

/**
 * Ends hold `holdId` on a shard exactly once: `giveBack` puts its units back (the order was not
 * written), else they stay taken (the order was). A hold already ended (or never applied) is left.
 */
export async function endShardHold(
  shopId: string,
  productId: string,
  shard: number,
  holdId: string,
  giveBack: boolean,
): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.stockShard(shopId, productId, shard),
        UpdateExpression: giveBack
          ? 'SET available = available + holds.#hold, updatedAt = :now, gsi3sk = :feed REMOVE holds.#hold'
          : 'REMOVE holds.#hold',
        ConditionExpression: 'attribute_exists(holds.#hold)',
        ExpressionAttributeNames: { '#hold': holdId },
        ...(giveBack ? { ExpressionAttributeValues: changedNow(productId) } : {}),
      }),
    );
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
