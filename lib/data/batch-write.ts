import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { BULK_CALL } from './client-settings';
import type { Key } from './keys';

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** A put of a whole item or a delete by key. */
export type BatchWrite = { put: Record<string, unknown> & Key } | { delete: Key };

const BATCH_SIZE = 25; // DynamoDB's BatchWriteItem limit
const MAX_ROUNDS = 8;

/**
 * Writes many items in batches of 25, retrying unprocessed items with exponential backoff
 * (throttling on bulk loads is normal, not an error). Reports progress after every batch.
 */
export async function batchWrite(
  writes: readonly BatchWrite[],
  onProgress?: (written: number, total: number) => void,
): Promise<void> {
  let written = 0;
  for (let start = 0; start < writes.length; start += BATCH_SIZE) {
    let pending: WriteRequest[] = writes.slice(start, start + BATCH_SIZE).map(toRequest);
    for (let round = 0; pending.length > 0; round++) {
      if (round === MAX_ROUNDS)
        throw new Error(`DynamoDB left ${pending.length} items unprocessed after ${round} rounds`);
      if (round > 0) await sleep(Math.min(100 * 2 ** round, 5000));
      const result = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
        BULK_CALL,
      );
      pending = result.UnprocessedItems?.[tableName()] ?? [];
    }
    written += Math.min(BATCH_SIZE, writes.length - start);
    onProgress?.(written, writes.length);
  }
}

function toRequest(write: BatchWrite): WriteRequest {
  return 'put' in write ? { PutRequest: { Item: write.put } } : { DeleteRequest: { Key: write.delete } };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
