import { dueHolds } from '../../data/inventory/due-holds';
import { endHold } from '../../data/inventory/end-hold';

/**
 * How long a hold may live before the sweeper ends it: longer than any checkout can run (the
 * functions' timeout is 10 s), so it only ever meets checkouts that died or lost their DynamoDB.
 */
export const HOLD_TIMEOUT_MS = 60_000;

/**
 * Ends the holds that outlived every checkout (docs/inventory.md "When a checkout dies"): a hold
 * still `held` gives its stock back, one whose order was written keeps it and is cleared. Racing a
 * late checkout is safe: the hold's state flips once, in the order's transaction or here.
 */
export async function sweepStockHolds(
  shopId: string,
  olderThanMs = HOLD_TIMEOUT_MS,
): Promise<{ released: number; ordered: number }> {
  const before = new Date(Date.now() - olderThanMs).toISOString();
  const report = { released: 0, ordered: 0 };
  for (const hold of await dueHolds(shopId, before)) {
    const state = await endHold(hold);
    if (state === 'released' || state === 'ordered') report[state] += 1;
  }
  return report;
}
