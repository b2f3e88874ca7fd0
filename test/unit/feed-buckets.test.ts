import { describe, expect, it } from 'vitest';
import { bucketOf } from '../../lib/data/feeds/buckets';

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
    const counts = [0, 1, 2, 3, 4, 5, 6, 7].map((b) => buckets.filter((x) => x === b).length);
    for (const count of counts) expect(count).toBeGreaterThan(850);
    for (const count of counts) expect(count).toBeLessThan(1150);
    expect(bucketOf('anything', 1)).toBe(0);
  });
});
