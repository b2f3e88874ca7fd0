import { link, type ViewContext } from '../links';

/**
 * A webhook subscription (docs/webhooks.md): where to POST which event types, signed
 * with the webhook's own secret. At most MAX_WEBHOOKS per shop.
 */
export const WEBHOOK_EVENT_TYPES = [
  'ORDER_CREATE',
  'ORDER_UPDATE',
  'PRODUCT_CREATE',
  'PRODUCT_UPDATE',
  'PRODUCT_DELETE',
  'STOCK_LOW',
  'STOCK_OUT',
  'STOCK_BACK',
  'CUSTOMER_CREATE',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | 'PING';

export const MAX_WEBHOOKS = 20;

export interface WebhookRecord {
  shopId: string;
  webhookId: string;
  callbackUrl: string;
  eventTypes: WebhookEventType[];
  active: boolean;
  deactivatedReason: string | null;
  /** base64url, ≥ 256 random bits; shown once (the 201), kept to sign every delivery. */
  secret: string;
  createdOn: string;
  updatedOn: string;
  /** Bumped by every change: the ETag, and the condition of every write. */
  version: number;
}

/** The webhook as GET answers it: never the secret. */
export function webhookView(webhook: WebhookRecord, ctx: ViewContext) {
  return {
    webhookId: webhook.webhookId,
    callbackUrl: webhook.callbackUrl,
    eventTypes: webhook.eventTypes,
    active: webhook.active,
    deactivatedReason: webhook.deactivatedReason,
    createdOn: webhook.createdOn,
    updatedOn: webhook.updatedOn,
    links: [
      link(ctx, 'self', 'webhooks', webhook.webhookId),
      link(ctx, 'deliveries', 'webhooks', webhook.webhookId, 'deliveries'),
    ],
  };
}

/** The ETag of a webhook version. */
export function webhookEtag(webhook: Pick<WebhookRecord, 'version'>): string {
  return `"${webhook.version}"`;
}
