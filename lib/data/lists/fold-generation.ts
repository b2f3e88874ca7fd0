import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { log } from '../../log';
import { backoff } from '../backoff';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import type { ListedKind } from './series';

/**
 * A count adds the counters and the lagging items' corrections (lib/data/lists/count.ts), read side
 * by side. A fold transaction committed between those reads moves items from one to the other: read
 * as lagging before it and in the counters after it, they count twice (or, the other way round,
 * not at all). Every fold transaction therefore raises its kind's fold generation, and a count
 * holds only if the generation is the same before and after its reads.
 */
const MAX_ATTEMPTS = 8;

/** The transaction step every fold transaction of `kind` carries. */
export function raiseFoldGeneration(shopId: string, kind: ListedKind) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.foldGeneration(shopId, kind),
      UpdateExpression: 'ADD n :one',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

async function foldGeneration(shopId: string, kind: ListedKind): Promise<number> {
  const found = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.foldGeneration(shopId, kind),
      ProjectionExpression: 'n',
      ConsistentRead: true,
    }),
  );
  return (found.Item?.n as number | undefined) ?? 0;
}

/**
 * Runs `read` (a count of `kind`'s items) until no fold of that kind committed while it
 * ran. A fold commits a transaction every few tens of milliseconds at most, so a second attempt
 * nearly always holds; if a busy fold keeps moving items through every attempt, the last result is
 * returned (off by at most what the fold moved meanwhile) and a warning logged.
 */
export async function betweenFolds<T>(shopId: string, kind: ListedKind, read: () => Promise<T>): Promise<T> {
  let before = await foldGeneration(shopId, kind);
  for (let attempt = 1; ; attempt++) {
    const result = await read();
    const after = await foldGeneration(shopId, kind);
    if (after === before) return result;
    if (attempt === MAX_ATTEMPTS) {
      log.warn('a list count kept meeting the fold; answered with the last attempt', { shopId, kind });
      return result;
    }
    before = after;
    await backoff(attempt);
  }
}
