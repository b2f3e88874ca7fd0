import { log } from '../../lib/log';
import { sweepStockHolds } from '../../lib/use-cases/inventory/sweep-stock-holds';

/**
 * Scheduled every minute by the shop's stack (infra/shop-stack.ts, EveryMinuteTask) with the shop's
 * id: ends the stock holds of checkouts that died (lib/use-cases/inventory/sweep-stock-holds.ts).
 */
export const handler = async (event: { shopId?: unknown }) => {
  if (typeof event.shopId !== 'string' || event.shopId === '') throw new Error('event.shopId is missing');
  const report = await sweepStockHolds(event.shopId);
  log.info('stock holds swept', { shopId: event.shopId, ...report });
  return report;
};
