import { webhookEtag, webhookView } from '../../lib/domain/webhooks/webhook';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { PatchWebhookBody, WebhookPath } from '../../lib/schemas/webhooks';
import { patchWebhook } from '../../lib/use-cases/webhooks/webhooks';

/**
 * PATCH /{shopId}/webhooks/{webhookId} (webhooks_write): a JSON Patch on /callbackUrl, /eventTypes
 * and /active → 200 Webhook with its new ETag; a stale If-Match: 412. A new callbackUrl gets a new
 * secret, in this answer only; the webhook's event types need their read scopes (403).
 */
export const handler = endpoint(
  routes.patchWebhook,
  { path: WebhookPath, body: PatchWebhookBody },
  async (req) => {
    const { webhook, secretChanged } = await patchWebhook(
      req.shopId,
      req.path.webhookId,
      req.body,
      req.headers['if-match'],
      req.principal.scopes,
    );
    const view = webhookView(webhook, req.view(''));
    return ok(secretChanged ? { ...view, secret: webhook.secret } : view, { ETag: webhookEtag(webhook) });
  },
);
