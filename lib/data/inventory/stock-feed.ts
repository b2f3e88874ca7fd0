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
  changedAt: string;
}

/**
 * The shards whose stock changed after `since` (ISO time): gsi3 holds each shard once, under its
 * shard number's partition, sorted by its latest change, so this reads what changed, never the whole
 * stock (one Query per shard number, keys only, then the items themselves, strongly consistent).
 */
export async function stockChangedSince(shopId: string, since: string): Promise<ShardChange[]> {
  const found = await Promise.all(
    Array.from({ length: MAX_STOCK_SHARDS }, (_, shard) => changedKeys(shopId, shard, since)),
  );
  const items = await batchGetItems(found.flat());
  return items.flatMap((item) =>
    item
      ? [
          {
            productId: item.productId as string,
            shard: item.shard as number,
            available: item.available as number,
            changedAt: item.updatedAt as string,
          },
        ]
      : [],
  );
}

async function changedKeys(shopId: string, shard: number, since: string): Promise<Key[]> {
  const found: Key[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk > :since',
        ExpressionAttributeValues: { ':pk': keys.stockFeed(shopId, shard), ':since': since },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) found.push({ pk: item.pk as string, sk: item.sk as string });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}
