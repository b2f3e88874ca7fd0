import { log } from '../../lib/log';
import { finishCancellations } from '../../lib/use-cases/orders/finish-cancellations';

/**
 * Scheduled every minute by the shop's stack (infra/shop-stack.ts, EveryMinuteTask) with the shop's
 * id: finishes the cancellations a request left unfinished (stock back, credit note: docs/orders.md).
 */
export const handler = async (event: { shopId?: unknown }) => {
  if (typeof event.shopId !== 'string' || event.shopId === '') throw new Error('event.shopId is missing');
  const report = await finishCancellations(event.shopId);
  log.info('cancellations finished', { shopId: event.shopId, ...report });
  return report;
};
