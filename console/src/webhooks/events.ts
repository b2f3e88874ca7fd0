// From the generated types, not api/client.ts: unit tests import this file outside the browser's types.
import type { components } from '../../../examples/client/shop-api-types';

export type WebhookEventType = components['schemas']['Webhook']['eventTypes'][number];

/** The event types a webhook may take, in the order the form shows them (a unit test keeps it the API's). */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'ORDER_CREATE',
  'ORDER_UPDATE',
  'PRODUCT_CREATE',
  'PRODUCT_UPDATE',
  'PRODUCT_DELETE',
  'STOCK_LOW',
  'STOCK_OUT',
  'STOCK_BACK',
  'CUSTOMER_CREATE',
  'NEWSLETTER_CONFIRM',
];

/** A delivery's outcome in words: delivered with the answer's code, or why it failed. */
export function deliveryOutcome(
  delivery: { status: string; answerCode: number | null; error: string | null },
  say: (key: 'webhooks.delivered' | 'webhooks.failed', params: Record<string, string>) => string,
): string {
  if (delivery.status === 'DELIVERED')
    return say('webhooks.delivered', { code: String(delivery.answerCode ?? '') });
  const reason = [delivery.error, delivery.answerCode === null ? '' : `HTTP ${delivery.answerCode}`]
    .filter(Boolean)
    .join(', ');
  return say('webhooks.failed', { reason });
}
