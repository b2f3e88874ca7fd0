import { describe, expect, it, vi } from 'vitest';

/**
 * The twin's every-minute tasks (infra/local/fold-schedule.ts): the tasks are stubbed (the fold has
 * its integration tests); what is checked is that a tick still running when the next is due is not
 * joined by others, and that `stop` waits for the task in flight.
 */

let inFlight = 0;
let mostAtOnce = 0;
let folds = 0;

vi.mock('../../lib/data/lists/fold', () => ({
  foldTallies: async () => {
    inFlight += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    // A fold far longer than the interval, as a busy shop's on a loaded host.
    await new Promise((done) => setTimeout(done, 60));
    inFlight -= 1;
    folds += 1;
    return { folded: 0, expired: 0, retries: 0, unfinished: false };
  },
}));
vi.mock('../../lib/use-cases/inventory/sweep-stock-holds', () => ({
  HOLD_TIMEOUT_MS: 1000,
  sweepStockHolds: async () => {},
}));
vi.mock('../../lib/use-cases/orders/finish-cancellations', () => ({ finishCancellations: async () => {} }));
vi.mock('../../lib/data/catalog/catalog-log-prune', () => ({ pruneCatalogLog: async () => {} }));

const { startFoldSchedule } = await import('../../infra/local/fold-schedule');

describe('twin fold schedule', () => {
  it('runs one tick at a time, and stop waits for the fold in flight', async () => {
    const schedule = startFoldSchedule(5);
    // Requests keep reaching the shop, so every tick folds it.
    const requests = setInterval(() => schedule.add('shop-a'), 2);

    await vi.waitFor(() => expect(folds).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    clearInterval(requests);
    await schedule.stop();

    expect(mostAtOnce).toBe(1);
    expect(inFlight).toBe(0);
  });
});
