import { endHold } from '../../data/inventory/end-hold';
import { lastSweepStart, recordSweep, staleHolds } from '../../data/inventory/stale-holds';

/**
 * How long a hold may live before the sweeper ends it: longer than any checkout can run (the
 * functions' timeout is 10 s), so it only ever meets checkouts that died or lost their DynamoDB.
 */
export const HOLD_TIMEOUT_MS = 60_000;

/** How far back a shop's first sweep looks (no sweep before it to start from). */
const FIRST_SWEEP_LOOKBACK_MS = 24 * 3600 * 1000;

/**
 * Ends the holds that outlived every checkout (docs/inventory.md "When a checkout dies"): a hold
 * whose cart did not order with it gives its stock back, one whose order was written keeps it and
 * is cleared. Racing a late checkout is safe: the release and the order exclude each other. A sweep
 * that fails is repeated in full by the next one (the starting point moves only after a whole sweep).
 */
export async function sweepStockHolds(
  shopId: string,
  olderThanMs = HOLD_TIMEOUT_MS,
): Promise<{ released: number; ordered: number }> {
  const startedAt = Date.now();
  const last = await lastSweepStart(shopId);
  const from = last ? Date.parse(last) - olderThanMs : startedAt - FIRST_SWEEP_LOOKBACK_MS;
  const holds = await staleHolds(
    shopId,
    new Date(from).toISOString(),
    new Date(startedAt - olderThanMs).toISOString(),
  );
  const report = { released: 0, ordered: 0 };
  for (const hold of holds) report[(await endHold(hold)).state] += 1;
  await recordSweep(shopId, new Date(startedAt).toISOString());
  return report;
}
