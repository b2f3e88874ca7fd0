import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from './batch-get';
import { dynamo, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-all';

/**
 * A page of a short shop-wide list kept on gsi1 (oldest first) whose total is a shop counter:
 * the counter, the keys of the pages up to this one (the ones before are skipped in the same
 * Query: ~100 bytes an item, bounded by the page's depth, never by the list), and the page's items
 * by key, strongly consistent. For lists a shop holds few of (watched products, newsletter campaigns).
 */
export async function countedPage(
  shopId: string,
  list: { gsi1pk: string; counter: string },
  page: number,
  perPage: number,
): Promise<{ results: number; items: Record<string, unknown>[] }> {
  const [counter, found] = await Promise.all([
    dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.counter(shopId, list.counter),
        ConsistentRead: true,
      }),
    ),
    queryAll(
      {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': list.gsi1pk },
        Limit: page * perPage,
      },
      page * perPage,
    ),
  ]);
  const pageKeys = found
    .slice((page - 1) * perPage, page * perPage)
    .map((i) => ({ pk: i.pk as string, sk: i.sk as string }));
  const items = await batchGetItems(pageKeys);
  return {
    results: Math.max(0, (counter.Item?.value as number | undefined) ?? 0),
    items: items.flatMap((item) => (item ? [item] : [])),
  };
}
