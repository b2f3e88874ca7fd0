import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import type { Series } from './series';

type Input = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** How many items a Query matches (its filter applied), page after page. */
export async function queryCount(input: Input): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({ ...input, Select: 'COUNT', TableName: tableName(), ExclusiveStartKey: startKey }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/**
 * The Query of one series' list index between two sort keys (inclusive), newest first, keeping
 * what has not expired at `nowIso`.
 */
export function seriesQuery(shopId: string, one: Series, low: string, high: string, nowIso: string): Input {
  return {
    IndexName: one.index,
    KeyConditionExpression: `${one.index}pk = :pk AND ${one.index}sk BETWEEN :low AND :high`,
    FilterExpression: 'attribute_not_exists(validUntil) OR validUntil > :now',
    ExpressionAttributeValues: {
      ':pk': keys.listSeries(shopId, one.name),
      ':low': low,
      ':high': high,
      ':now': nowIso,
    },
    ScanIndexForward: false,
  };
}

/** Sort-key bounds of the creation times [fromMs, toMs] (inclusive, ms). */
export function creationBounds(fromMs: number, toMs: number): { low: string; high: string } {
  return { low: new Date(fromMs).toISOString(), high: `${new Date(toMs).toISOString()}#\uffff` };
}
