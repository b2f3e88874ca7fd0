import { type BatchWrite, batchWrite } from '../../lib/data/batch-write';
import type { Key } from '../../lib/data/keys';

/**
 * Puts many items (a big shop's carts, orders, customers as their repositories build them), with
 * `parallel` writers side by side, each on its own slice: DynamoDB takes batches from several at once.
 * Tests keep one writer: they share DynamoDB Local with other test files, whose API calls wait behind
 * every batch in its queue (four writers' batches held them past the API's 1.5 s timeout, thrice,
 * on a busy host: 503s in a race test beside a 2,200-order load).
 */
export async function bulkWrite(
  items: readonly (Record<string, unknown> & Key)[],
  {
    parallel = 1,
    onProgress,
  }: { parallel?: number; onProgress?: (written: number, total: number) => void } = {},
): Promise<void> {
  const writes: BatchWrite[] = items.map((put) => ({ put }));
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
