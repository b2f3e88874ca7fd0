import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { StorageBusy } from '../domain/errors';
import { backoff } from './backoff';
import { dynamo, tableName } from './client';
import type { Key } from './keys';

const BATCH_SIZE = 100; // DynamoDB's BatchGetItem limit
const MAX_ROUNDS = 5;

/**
 * The items of `wanted` in the order asked for (strongly consistent), null where there is none.
 * Keys DynamoDB leaves unprocessed are asked for again with backoff; still unprocessed after a few
 * rounds, the request answers 503 (the client may retry).
 */
export async function batchGetItems(wanted: readonly Key[]): Promise<(Record<string, unknown> | null)[]> {
  const found = new Map<string, Record<string, unknown>>();
  // DynamoDB refuses a batch that names one key twice (ValidationException): ask for each once.
  const distinct = [...new Map(wanted.map(({ pk, sk }) => [`${pk}|${sk}`, { pk, sk }])).values()];
  for (let start = 0; start < distinct.length; start += BATCH_SIZE) {
    let pending: Key[] = distinct.slice(start, start + BATCH_SIZE);
    for (let round = 0; pending.length > 0; round++) {
      if (round === MAX_ROUNDS) throw new StorageBusy();
      if (round > 0) await backoff(round);
      const result = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) found.set(`${item.pk}|${item.sk}`, item);
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  }
  return wanted.map((key) => found.get(`${key.pk}|${key.sk}`) ?? null);
}
