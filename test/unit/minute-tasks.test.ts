import { describe, expect, it, vi } from 'vitest';

/**
 * The twin's every-minute tasks (infra/local/minute-tasks.ts): the tasks are stubbed (each has its
 * integration tests); what is checked is that a tick still running when the next is due is not
 * joined by others, and that `stop` waits for the task in flight.
 */

let inFlight = 0;
let mostAtOnce = 0;
let sweeps = 0;

vi.mock('../../lib/use-cases/inventory/sweep-stock-holds', () => ({
  HOLD_TIMEOUT_MS: 1000,
  sweepStockHolds: async () => {
    inFlight += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    // A sweep far longer than the interval, as a busy shop's on a loaded host.
    await new Promise((done) => setTimeout(done, 60));
    inFlight -= 1;
    sweeps += 1;
  },
}));
vi.mock('../../lib/use-cases/orders/finish-cancellations', () => ({ finishCancellations: async () => {} }));
vi.mock('../../lib/data/catalog/catalog-log-prune', () => ({ pruneCatalogLog: async () => {} }));

const { startMinuteTasks } = await import('../../infra/local/minute-tasks');

describe("the twin's every-minute tasks", () => {
  it('run one tick at a time, and stop waits for the task in flight', async () => {
    const schedule = startMinuteTasks(5);
    // Requests keep reaching the shop, so every tick visits it.
    const requests = setInterval(() => schedule.add('shop-a'), 2);

    await vi.waitFor(() => expect(sweeps).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    clearInterval(requests);
    await schedule.stop();

    expect(mostAtOnce).toBe(1);
    expect(inFlight).toBe(0);
  });
});
