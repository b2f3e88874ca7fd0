import { foldTallies } from '../../lib/data/lists/fold';
import { log } from '../../lib/log';

/**
 * Scheduled every minute by the shop's stack (infra/shop-stack.ts, EveryMinuteTask) with the shop's
 * id: folds the list items changed since the last run into the list counters and deletes the carts
 * that expired meanwhile (lib/data/lists/fold.ts), so a list request's corrections stay small.
 */
export const handler = async (event: { shopId?: unknown }) => {
  if (typeof event.shopId !== 'string' || event.shopId === '') throw new Error('event.shopId is missing');
  const started = Date.now();
  const report = await foldTallies(event.shopId);
  // A fold out of time (a large backlog) or beaten by a hot item leaves the rest to the next minute.
  const level = report.unfinished ? 'warn' : 'info';
  log[level]('list counters folded', { shopId: event.shopId, ...report, ms: Date.now() - started });
  return report;
};
