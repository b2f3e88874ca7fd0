import { beforeAll, describe, expect, it } from 'vitest';
import { batchWrite } from '../../lib/data/batch-write';
import { dynamo } from '../../lib/data/client';
import { keys } from '../../lib/data/keys';
import { type ListedKey, newestAcross, type SortedPartition } from '../../lib/data/lists/merge';
import { freshShopId } from '../support/list-fixtures';
import { useLocalTable } from '../support/local-env';

/**
 * The merge of write buckets (lib/data/lists/merge.ts) against DynamoDB Local: partitions filled
 * unevenly on purpose (one holds most of the newest entries, some entries expired), every slice
 * compared with the sorted truth, and what it read counted from DynamoDB's own ScannedCount.
 */
const PARTITIONS = 8;
const NOW = '2026-06-01T00:00:00.000Z';

let shopId: string;
let truth: ListedKey[];
let partitions: SortedPartition[];

beforeAll(async () => {
  useLocalTable();
  shopId = freshShopId('merge');
  const start = Date.parse('2026-05-01T00:00:00.000Z');
  const entries = Array.from({ length: 600 }, (_, i) => {
    // The newest 200 lie mostly in partition 0; the older ones spread evenly. Every 7th is expired.
    const bucket = i >= 400 && i % 5 !== 0 ? 0 : i % PARTITIONS;
    const id = `E${String(i).padStart(4, '0')}`;
    // Pairs share a creation time: their order is decided by the id.
    const createdAt = new Date(start + Math.floor(i / 2) * 60_000).toISOString();
    return {
      ...keys.order(shopId, id),
      kind: 'mergeTest',
      gsi1pk: keys.listSeries(shopId, 'MERGETEST', bucket),
      gsi1sk: keys.creationSort(createdAt, id),
      validUntil: i % 7 === 0 ? '2026-05-15T00:00:00.000Z' : '2026-07-01T00:00:00.000Z',
    };
  });
  await batchWrite(entries.map((put) => ({ put })));
  truth = entries
    .filter((e) => e.validUntil > NOW)
    .map((e) => ({ pk: e.pk, sk: e.sk, sort: e.gsi1sk }))
    .sort((a, b) => (a.sort < b.sort ? 1 : -1));
  partitions = Array.from({ length: PARTITIONS }, (_, b) => ({
    sortKey: 'gsi1sk',
    query: {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :low AND :high',
      FilterExpression: 'validUntil > :now',
      ExpressionAttributeValues: {
        ':pk': keys.listSeries(shopId, 'MERGETEST', b),
        ':low': '2026',
        ':high': '2026-12',
        ':now': NOW,
      },
      ScanIndexForward: false,
    },
  }));
}, 60_000);

/** The Query calls and index entries (before the filter) one merge reads. */
async function reading<T>(run: () => Promise<T>): Promise<{ result: T; calls: number; scanned: number }> {
  let [calls, scanned] = [0, 0];
  const name = 'testMergeReads';
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      calls++;
      scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await run(), calls, scanned };
  } finally {
    dynamo().middlewareStack.remove(name);
  }
}

describe('merging the write buckets of a list', () => {
  it('gives the newest entries of all partitions in order, each once, whatever the slice', async () => {
    for (const need of [1, 2, 10, 31, 32, 33, 100, 190, 250, 600]) {
      const { result } = await reading(() => newestAcross(partitions, need));
      expect(result.map((e) => e.sort)).toEqual(truth.slice(0, need).map((e) => e.sort));
    }
  });

  it('leaves out the item a cursor names', async () => {
    const named = truth[4] as ListedKey;
    const { result } = await reading(() => newestAcross(partitions, 10, named.sort));
    expect(result.map((e) => e.sort)).toEqual(
      truth
        .filter((e) => e.sort !== named.sort)
        .slice(0, 10)
        .map((e) => e.sort),
    );
  });

  it('settles a page in one Query per partition, a deep slice in about what it returns', async () => {
    const page = await reading(() => newestAcross(partitions, 11));
    const deep = await reading(() => newestAcross(partitions, 300));

    expect(page.calls).toBe(PARTITIONS);
    // 300 entries, most in one partition: the others are asked again only while they may hold one.
    expect(deep.result).toHaveLength(300);
    expect(deep.scanned).toBeLessThan(2 * 300 + PARTITIONS * 32);
    expect(deep.scanned).toBeLessThan(300 * PARTITIONS);
  });
});
