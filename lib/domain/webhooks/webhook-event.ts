import { createHash } from 'node:crypto';
import type { WebhookEventType } from './webhook';

/**
 * The domain event (bus detail-type) each webhook event type is sent for (docs/webhooks.md "Event types").
 */
export const WEBHOOK_TYPE_OF_EVENT: Readonly<Record<string, Exclude<WebhookEventType, 'PING'>>> = {
  'order.created': 'ORDER_CREATE',
  OrderUpdated: 'ORDER_UPDATE',
  ProductCreated: 'PRODUCT_CREATE',
  ProductUpdated: 'PRODUCT_UPDATE',
  ProductDeleted: 'PRODUCT_DELETE',
  ProductStockLow: 'STOCK_LOW',
  ProductSoldOut: 'STOCK_OUT',
  ProductBackInStock: 'STOCK_BACK',
  'customer.created': 'CUSTOMER_CREATE',
};

/** A domain event as the bus carries it (EventBridge's envelope, the detail parsed). */
export interface BusEvent {
  detailType: string;
  /** ISO 8601: when it happened. */
  time: string;
  detail: { shopId: string } & Record<string, unknown>;
}

/** One event as every webhook subscribed to it receives it: the same on every attempt. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  createdOn: string;
  entityUrl: string | null;
  entity: unknown;
}

/**
 * The event's id: derived from what happened (type, time and detail), not from the bus entry, so an
 * event the stream publishes twice reaches a receiver under the same id and is skipped as a
 * duplicate, by us for a receiver that took it and by the receiver otherwise.
 */
export function webhookEventId(event: BusEvent): string {
  const digest = createHash('sha256')
    .update(`${event.detailType}\n${event.time}\n${JSON.stringify(event.detail)}`)
    .digest('hex');
  return `evt_${digest.slice(0, 32)}`;
}

/** The body of a delivery (docs/webhooks.md "Verifying a delivery"). */
export function deliveryBody(event: WebhookEvent, baseUrl: string): string {
  return JSON.stringify({
    id: event.id,
    baseUrl,
    entityUrl: event.entityUrl,
    createdOn: event.createdOn,
    eventType: event.type,
    entity: event.entity,
  });
}
