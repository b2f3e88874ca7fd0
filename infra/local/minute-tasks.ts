import { pruneCatalogLog } from '../../lib/data/catalog/catalog-log-prune';
import { HOLD_TIMEOUT_MS, sweepStockHolds } from '../../lib/use-cases/inventory/sweep-stock-holds';
import { finishCancellations } from '../../lib/use-cases/orders/finish-cancellations';

/** How often the twin runs the every-minute tasks (AWS: every minute; here sooner, to be exercised). */
const DEFAULT_INTERVAL_MS = 15_000;
/**
 * A shop no request reached since its last run is visited again only after this long: a test run
 * serves hundreds of shops, and their tasks would take the twin's time from the requests.
 */
const IDLE_MS = 5 * 60_000;
const MAX_SHOPS = 1000;
/** How old a stock hold must be before the twin's sweep ends it (tests shorten it). */
const holdTimeoutMs = Number(process.env.STOCK_HOLD_TIMEOUT_MS ?? HOLD_TIMEOUT_MS);

export interface MinuteTasks {
  /** Shops to visit from now on (the server reports each shop it serves). */
  add(shopId: string): void;
  stop(): Promise<void>;
}

/** One shop's every-minute tasks. The rehearsal (infra/local/bundled/) runs the stack's scheduled bundles instead. */
export type ShopTasks = (shopId: string) => Promise<void>;

/** The tasks as the handlers run them, in this process. */
export const inProcessTasks: ShopTasks = async (shopId) => {
  await sweepStockHolds(shopId, holdTimeoutMs);
  await finishCancellations(shopId);
  await pruneCatalogLog(shopId);
};

/**
 * The local stand-in for the stack's every-minute tasks (infra/shop-stack.ts, EveryMinuteTask): sweeps
 * the stock holds, finishes left cancellations and prunes the catalog log of every shop the twin has
 * served or seeded, one shop after another, where a request came since the last run, or IDLE_MS
 * after it. A failing run is reported and tried again on the next tick, as the schedule would.
 */
export function startMinuteTasks(
  intervalMs = Number(process.env.MINUTE_TASKS_INTERVAL_MS ?? DEFAULT_INTERVAL_MS),
  tasks: ShopTasks = inProcessTasks,
): MinuteTasks {
  const shops = new Set<string>();
  /** Shops a request reached since their last run began, and when each last ran. */
  const served = new Set<string>();
  const ranAt = new Map<string, number>();
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = async () => {
    for (const shopId of shops) {
      if (stopped) return;
      if (!served.has(shopId) && Date.now() - (ranAt.get(shopId) ?? 0) < IDLE_MS) continue;
      served.delete(shopId);
      ranAt.set(shopId, Date.now());
      try {
        await tasks(shopId);
      } catch (error) {
        // Tried again on the next tick.
        served.add(shopId);
        process.stderr.write(`[every minute] shop ${shopId}: ${(error as Error).message}\n`);
      }
    }
  };
  let busy = false;
  // A tick still running when the next is due skips it: ticks queued behind a long one used to run
  // side by side afterwards (tasks of one shop conflicting), and `stop` waited for the last only.
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = tick().finally(() => {
      busy = false;
    });
  }, intervalMs);
  timer.unref();
  return {
    add: (shopId) => {
      // A shop id as the API accepts it; requests to made-up shops stop adding at a bound.
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(shopId)) return;
      if (shops.has(shopId) || shops.size < MAX_SHOPS) {
        shops.add(shopId);
        served.add(shopId);
      }
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
