import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_STOCK_SHARDS } from '../../domain/inventory/stock-shards';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { type Key, keys } from '../keys';

/** One shard's level as the feed found it. */
export interface ShardChange {
  productId: string;
  shard: number;
  available: number;
  /** The shard's write sequence (0 for a shard no write has moved since its import). */
  seq: number;
  changedAt: string;
}

/**
 * The shards whose stock changed after `since` (ISO time): gsi3 holds each shard once, under its
 * shard number's partition, sorted by its latest change, so this reads what changed, never the whole
 * stock (one Query per shard number, keys only, then the items themselves, strongly consistent).
 */
export async function stockChangedSince(shopId: string, since: string): Promise<ShardChange[]> {
  const items = await batchGetItems((await feedAfter(shopId, since)).map((entry) => entry.key));
  return items.flatMap((item) =>
    item
      ? [
          {
            productId: item.productId as string,
            shard: item.shard as number,
            available: item.available as number,
            seq: (item.seq as number | undefined) ?? 0,
            changedAt: item.updatedAt as string,
          },
        ]
      : [],
  );
}

/** A shard's place in the feed: its key, and `{changedAt}#{productId}`. */
export interface FeedEntry {
  key: Key;
  sort: string;
}

/** The feed's entries after `after` (a sort key or a time), of every shard number: keys only. */
export async function feedAfter(shopId: string, after: string): Promise<FeedEntry[]> {
  const found = await Promise.all(
    Array.from({ length: MAX_STOCK_SHARDS }, (_, shard) => feedPartitionAfter(shopId, shard, after)),
  );
  return found.flat();
}

async function feedPartitionAfter(shopId: string, shard: number, after: string): Promise<FeedEntry[]> {
  const found: FeedEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk > :after',
        ExpressionAttributeValues: { ':pk': keys.stockFeed(shopId, shard), ':after': after },
        ProjectionExpression: 'pk, sk, gsi3sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      found.push({ key: { pk: item.pk as string, sk: item.sk as string }, sort: item.gsi3sk as string });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}
