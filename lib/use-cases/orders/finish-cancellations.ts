import { getCancellation, pendingCancellationIds } from '../../data/orders/cancellations';
import { finishCancellation } from './finish-cancellation';

/** A cancellation pending this long was left by a request that failed part way (a request finishes its own at once). */
export const CANCELLATION_TIMEOUT_MS = 60_000;

/**
 * The sweeper of cancellations (every minute, functions/orders/finish-cancellations.ts): finishes
 * those pending for longer than `olderThanMs`, oldest first. Each is finished exactly once whoever
 * else tries at the same time (finishCancellation). Returns how many it finished.
 */
export async function finishCancellations(
  shopId: string,
  olderThanMs = CANCELLATION_TIMEOUT_MS,
): Promise<{ finished: number }> {
  const before = new Date(Date.now() - olderThanMs).toISOString();
  let finished = 0;
  // `\uffff` after the time: a rejection of exactly `before` counts as older.
  for (const orderId of await pendingCancellationIds(shopId, `${before}#\uffff`)) {
    const cancellation = await getCancellation(shopId, orderId);
    if (cancellation?.state !== 'pending') continue;
    await finishCancellation(cancellation);
    finished += 1;
  }
  return { finished };
}
