import { type BatchWrite, batchWrite } from '../batch-write';
import { type Key, keys } from '../keys';
import { readTally } from './listing';
import { periodsOf } from './periods';

/**
 * Writes many listed items (carts, orders, customers, as their repositories build them) as if the
 * fold had already seen them: each item's `tallied` is its tally and it is not in gsi3, and the list
 * counters get the totals the items add up to. The counters are written whole, so the shop must
 * have none of these series yet: for seeding large shops (`npm run bench:scale`), not for imports.
 */
export async function bulkLoadFolded(
  shopId: string,
  items: readonly (Record<string, unknown> & Key)[],
  {
    parallel = 1,
    onProgress,
  }: { parallel?: number; onProgress?: (written: number, total: number) => void } = {},
): Promise<void> {
  const counters = new Map<string, { key: Key; n: number; expiresAt?: number }>();
  const now = Date.now();
  const writes: BatchWrite[] = items.map((item) => {
    const { gsi3pk: _pk, gsi3sk: _sk, ...folded } = item;
    const tally = readTally(item.tally as string | undefined);
    for (const name of tally?.names ?? [])
      for (const { level, period, expiresAt } of periodsOf(tally?.at ?? '', now)) {
        const key = keys.tallyCounter(shopId, name, level, period);
        const id = `${key.pk}|${key.sk}`;
        counters.set(id, { key, n: (counters.get(id)?.n ?? 0) + 1, expiresAt });
      }
    return { put: { ...folded, ...(item.tally === undefined ? {} : { tallied: item.tally }) } };
  });
  for (const { key, n, expiresAt } of counters.values())
    writes.push({ put: { ...key, n, ...(expiresAt === undefined ? {} : { expiresAt }) } });
  // Writers side by side, each on its own slice: DynamoDB takes batches from several at once.
  const size = Math.ceil(writes.length / parallel);
  const done = Array.from({ length: parallel }, () => 0);
  await Promise.all(
    done.map((_, w) =>
      batchWrite(writes.slice(w * size, (w + 1) * size), (written) => {
        done[w] = written;
        onProgress?.(
          done.reduce((a, b) => a + b, 0),
          writes.length,
        );
      }),
    ),
  );
}
