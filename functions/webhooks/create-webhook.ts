import type { WebhookEventType } from '../../lib/domain/webhooks/webhook';
import { webhookEtag, webhookView } from '../../lib/domain/webhooks/webhook';
import { endpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { CreateWebhookBody } from '../../lib/schemas/webhooks';
import { createWebhook } from '../../lib/use-cases/webhooks/webhooks';

/**
 * POST /{shopId}/webhooks (webhooks_write) → 201 Webhook with its `secret`, the only answer that
 * ever shows it; the 21st webhook of a shop is 409; an event type whose data the token may not read
 * (orders_read for ORDER_*, …) is 403 (docs/webhooks.md).
 */
export const handler = endpoint(
  routes.createWebhook,
  { path: ShopPath, body: CreateWebhookBody },
  async (req) => {
    const webhook = await createWebhook(
      req.shopId,
      {
        callbackUrl: req.body.callbackUrl,
        eventTypes: req.body.eventTypes as WebhookEventType[],
        active: req.body.active,
      },
      req.principal.scopes,
    );
    const view = webhookView(webhook, req.view(''));
    return created(
      { ...view, secret: webhook.secret },
      { Location: `/${req.shopId}/webhooks/${webhook.webhookId}`, ETag: webhookEtag(webhook) },
    );
  },
);
