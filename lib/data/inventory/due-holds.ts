import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { HOLD_BUCKETS, readHold, type StockHold } from './stock-holds';

/** Most holds one sweep ends per bucket: a sweep stays short; the next one takes the rest. */
const PER_BUCKET = 100;

/**
 * Holds taken before `before` that still exist (gsi2, keys only, one Query per bucket): checkouts
 * that died or could not end their hold. Each is read again, strongly consistent, before use.
 */
export async function dueHolds(shopId: string, before: string): Promise<StockHold[]> {
  const found = await Promise.all(
    Array.from({ length: HOLD_BUCKETS }, async (_, bucket) => {
      const { Items = [] } = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
          ExpressionAttributeValues: { ':pk': keys.stockHolds(shopId, bucket), ':before': before },
          Limit: PER_BUCKET,
        }),
      );
      return Items;
    }),
  );
  const holds = await Promise.all(
    found.flat().map((item) => readHold(shopId, (item.gsi2sk as string).split('#')[1] as string)),
  );
  return holds.filter((hold): hold is StockHold => hold !== undefined && hold.heldAt < before);
}
