import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dynamo, tableName } from '../../lib/data/client';
import { BLOCK_LIFETIME_MS, nextCounterValue } from '../../lib/data/counters';
import { keys } from '../../lib/data/keys';
import { clearLostAnswers, loseAnswers } from '../support/faults';
import { useLocalTable } from '../support/local-env';

beforeAll(() => useLocalTable());
afterEach(() => {
  vi.restoreAllMocks();
  clearLostAnswers();
});

/** Moves this process's clock past a block's lifetime (the SDK's signing does not matter to DynamoDB Local). */
function pauseClock(): void {
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => now() + BLOCK_LIFETIME_MS + 1);
}

/** What another instance does: takes `size` numbers of the counter with one ADD. */
async function otherInstanceTakes(shopId: string, size: number): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(shopId, 'order'),
      UpdateExpression: 'ADD #value :size',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':size': size },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.value as number;
}

const shopId = () => `counters-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

describe('per-shop counters (order numbers)', () => {
  it('numbers a burst followed by a pause without a gap: the expired block gives its unused numbers back', async () => {
    const shop = shopId();
    const burst = [await nextCounterValue(shop, 'order'), await nextCounterValue(shop, 'order')];

    pauseClock();
    const afterPause = [await nextCounterValue(shop, 'order'), await nextCounterValue(shop, 'order')];

    // The second number came in a block of two (the first block was used up within a second).
    expect(burst).toEqual([1, 2]);
    expect(afterPause).toEqual([3, 4]);
  });

  it('drops the unused numbers when another instance took numbers after them: unique, with a gap', async () => {
    const shop = shopId();
    const burst = [await nextCounterValue(shop, 'order'), await nextCounterValue(shop, 'order')];
    await otherInstanceTakes(shop, 1);

    pauseClock();
    const afterPause = await nextCounterValue(shop, 'order');

    expect(burst).toEqual([1, 2]);
    expect(afterPause).toBe(5); // 3 left unused here, 4 the other instance's
  });

  it('stays unique when the answer to the give-back is lost after it was applied', async () => {
    const shop = shopId();
    const taken: number[] = [];
    for (let i = 0; i < 4; i++) taken.push(await nextCounterValue(shop, 'order')); // blocks of 1, 2, then 4
    const lost = loseAnswers({
      commands: ['UpdateItemCommand'],
      bodyIncludes: 'ConditionExpression',
      times: 1,
    });

    pauseClock();
    const afterPause = [await nextCounterValue(shop, 'order'), await nextCounterValue(shop, 'order')];
    clearLostAnswers();

    expect(lost.lost()).toBe(1);
    expect(taken).toEqual([1, 2, 3, 4]);
    // The give-back set the counter to 6 unseen; its retry finds 6, not 7, and a plain ADD follows.
    expect(afterPause).toEqual([7, 8]);
    expect(await otherInstanceTakes(shop, 1)).toBe(9);
  });

  it('hands out unique numbers while other instances take numbers at the same moment', async () => {
    const shop = shopId();
    const mine: number[] = [];
    for (let i = 0; i < 6; i++) mine.push(await nextCounterValue(shop, 'order'));

    pauseClock();
    const [racing, theirs] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => nextCounterValue(shop, 'order'))),
      Promise.all(Array.from({ length: 5 }, () => otherInstanceTakes(shop, 1))),
    ]);

    const all = [...mine, ...racing, ...theirs];
    expect(new Set(all).size).toBe(all.length);
    expect(Math.min(...racing)).toBeGreaterThan(Math.max(...mine));
  });
});
