import { describe, expect, it } from 'vitest';
import { allBuckets, bucketOf } from '../../lib/data/lists/buckets';
import { inFlight } from '../../lib/data/lists/in-flight';

describe('bucketOf', () => {
  it('gives an item the same bucket every time, within range, spread evenly over the buckets', () => {
    // Prepare: keys like the API's (ULIDs under a shop and a kind)
    const pks = Array.from(
      { length: 8000 },
      (_, i) => `SHOP#demo#ORDER#01M8${i.toString(36).padStart(22, '0')}`,
    );

    // Act
    const buckets = pks.map((pk) => bucketOf(pk, 8));
    const again = pks.map((pk) => bucketOf(pk, 8));

    // Assess: each of 8 buckets near 1,000 (binomial spread ±28; ±15 % is far outside it)
    expect(again).toEqual(buckets);
    const counts = allBuckets(8).map((b) => buckets.filter((x) => x === b).length);
    for (const count of counts) expect(count).toBeGreaterThan(850);
    for (const count of counts) expect(count).toBeLessThan(1150);
    expect(bucketOf('anything', 1)).toBe(0);
  });
});

describe('inFlight', () => {
  it('runs at most 16 list Queries at once and every one of them, in the order asked', async () => {
    // Prepare
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const call = (i: number) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1 + (i % 3)));
      running--;
      return i;
    };

    // Act
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => inFlight(call(i))));
    const failed = await inFlight(async () => {
      throw new Error('no');
    }).catch((error: Error) => error.message);
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => inFlight(call(i))));

    // Assess: a failed call frees its slot too
    expect(results).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(most).toBe(16);
    expect(started.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(failed).toBe('no');
    expect(after).toHaveLength(20);
  });
});
