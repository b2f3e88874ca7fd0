import { describe, expect, it } from 'vitest';
import { versionsBetweenSnapshots } from '../../lib/data/catalog/catalog-compaction';

describe('catalog compaction interval', () => {
  it('grows with the snapshot, so a write pays the same share of snapshot writing at any size', () => {
    // Act
    const intervals = [undefined, 1, 3, 30].map(versionsBetweenSnapshots);

    // Assert: 32 at least, then 32 versions per 350 KB chunk
    expect(intervals).toEqual([32, 32, 96, 960]);
  });
});
