import { requireWebhook } from '../../lib/data/webhooks/webhook-repository';
import { webhookEtag, webhookView } from '../../lib/domain/webhooks/webhook';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { WebhookPath } from '../../lib/schemas/webhooks';

/** GET /{shopId}/webhooks/{webhookId} (webhooks_read) → 200 Webhook (never its secret) with its ETag. */
export const handler = endpoint(routes.getWebhook, { path: WebhookPath }, async (req) => {
  const webhook = await requireWebhook(req.shopId, req.path.webhookId);
  return ok(webhookView(webhook, req.view('')), { ETag: webhookEtag(webhook) });
});
