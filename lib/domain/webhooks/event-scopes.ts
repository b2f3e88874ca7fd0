import type { WebhookEventType } from './webhook';

/**
 * Webhooks carry data, so subscribing needs the right to read it (docs/webhooks.md "Who may
 * subscribe to what"): an event type's read scope by its prefix. PING carries nothing.
 */
const READ_SCOPE_BY_PREFIX: ReadonlyArray<readonly [string, string]> = [
  ['ORDER_', 'orders_read'],
  ['CUSTOMER_', 'customers_read'],
  ['PRODUCT_', 'products_read'],
  ['STOCK_', 'products_read'],
  ['NEWSLETTER_', 'newsletters_read'],
];

/** The read scope an event type's deliveries need, or undefined (PING). */
export function readScopeOf(eventType: WebhookEventType): string | undefined {
  return READ_SCOPE_BY_PREFIX.find(([prefix]) => eventType.startsWith(prefix))?.[1];
}

/** The read scopes `eventTypes` need that `granted` lacks, each once, in the order first needed. */
export function missingReadScopes(
  eventTypes: readonly WebhookEventType[],
  granted: ReadonlySet<string>,
): string[] {
  const missing = eventTypes.map(readScopeOf).filter((scope) => scope !== undefined && !granted.has(scope));
  return [...new Set(missing as string[])];
}
