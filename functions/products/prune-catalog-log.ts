import { pruneCatalogLog } from '../../lib/data/catalog/catalog-log-prune';
import { log } from '../../lib/log';

/**
 * Scheduled every minute by the shop's stack (infra/shop-stack.ts, EveryMinuteTask) with the shop's
 * id: deletes the catalog change-log entries a new snapshot made unnecessary, paced, off the
 * request path (lib/data/catalog/catalog-log-prune.ts).
 */
export const handler = async (event: { shopId?: unknown }) => {
  if (typeof event.shopId !== 'string' || event.shopId === '') throw new Error('event.shopId is missing');
  const report = await pruneCatalogLog(event.shopId);
  // Out of time (a long backlog): the next minute goes on.
  log[report.unfinished ? 'warn' : 'info']('catalog log pruned', { shopId: event.shopId, ...report });
  return report;
};
