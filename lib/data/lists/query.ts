import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { inFlight } from './in-flight';
import { type Series, seriesPartitions } from './series';

export type ListQuery = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** How many items a Query matches (its filter applied), page after page. */
export async function queryCount(input: ListQuery): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await inFlight(() =>
      dynamo().send(
        new QueryCommand({ ...input, Select: 'COUNT', TableName: tableName(), ExclusiveStartKey: startKey }),
      ),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/**
 * The Queries of one series' list index between two sort keys (inclusive), newest first, keeping
 * what has not expired at `nowIso`: one per write bucket of the series.
 */
export function seriesQueries(
  shopId: string,
  one: Series,
  low: string,
  high: string,
  nowIso: string,
): ListQuery[] {
  return seriesPartitions(shopId, one).map((partition) => ({
    IndexName: one.index,
    KeyConditionExpression: `${one.index}pk = :pk AND ${one.index}sk BETWEEN :low AND :high`,
    FilterExpression: 'attribute_not_exists(validUntil) OR validUntil > :now',
    ExpressionAttributeValues: { ':pk': partition, ':low': low, ':high': high, ':now': nowIso },
    ScanIndexForward: false,
  }));
}

/** Sort-key bounds of the creation times [fromMs, toMs] (inclusive, ms). */
export function creationBounds(fromMs: number, toMs: number): { low: string; high: string } {
  return { low: new Date(fromMs).toISOString(), high: `${new Date(toMs).toISOString()}#\uffff` };
}
