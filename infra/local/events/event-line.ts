import type { LocalBusEvent } from './local-event-bus';

/** What a line says of each event type after its shop: the fields a developer looks for. */
const SUMMARIES: Record<string, (d: Record<string, unknown>) => string> = {
  'cart.created': (d) => `cart ${d.cartId} (${d.currency})`,
  'order.created': (d) => `order ${d.orderNumber} ${d.orderId}, ${d.grandTotal} ${d.currency}`,
  'document.finalized': (d) => `${d.documentType} ${d.documentNumber} of order ${d.orderId}`,
  ProductStockChanged: (d) =>
    `${d.productId} ${d.oldStocklevel} → ${d.stocklevel} (${d.reason}${d.orderId ? ` ${d.orderId}` : ''})`,
  ProductStockLow: (d) => `${d.productId} ${d.stocklevel}, minimum ${d.minStocklevel}`,
  ProductSoldOut: (d) => `${d.productId} ${d.stocklevel}`,
  ProductBackInStock: (d) => `${d.productId} ${d.stocklevel}, ${d.watchers} watcher(s)`,
  NewsletterSubscriptionRequested: (d) => `${d.email} to campaign ${d.campaignId}`,
};

const MAX_LINE = 160;

/**
 * The one short line `npm start` prints per event, e.g.
 * `event 21:04:07 demo order.created: order 10042 01KB…, 54.70 EUR`. An event type without a summary
 * shows its detail as JSON, cut to fit.
 */
export function eventLine(event: LocalBusEvent): string {
  const { shopId, ...rest } = event.detail;
  const summary = SUMMARIES[event.detailType]?.(event.detail) ?? JSON.stringify(rest);
  const line = `event ${event.time.slice(11, 19)} ${shopId ?? '-'} ${event.detailType}: ${summary}`;
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}
