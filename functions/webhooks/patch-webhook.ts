import { webhookEtag, webhookView } from '../../lib/domain/webhooks/webhook';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { PatchWebhookBody, WebhookPath } from '../../lib/schemas/webhooks';
import { patchWebhook } from '../../lib/use-cases/webhooks/webhooks';

/**
 * PATCH /{shopId}/webhooks/{webhookId} (webhooks_write): a JSON Patch on /callbackUrl, /eventTypes
 * and /active → 200 Webhook with its new ETag; a stale If-Match: 412.
 */
export const handler = endpoint(
  routes.patchWebhook,
  { path: WebhookPath, body: PatchWebhookBody },
  async (req) => {
    const webhook = await patchWebhook(req.shopId, req.path.webhookId, req.body, req.headers['if-match']);
    return ok(webhookView(webhook, req.view('')), { ETag: webhookEtag(webhook) });
  },
);
