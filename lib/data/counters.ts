import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { keys } from './keys';

/** Raises a per-shop counter atomically and returns the new value (1 for a new counter). */
export async function nextCounterValue(shopId: string, name: string): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(shopId, name),
      UpdateExpression: 'ADD #value :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.value as number;
}
