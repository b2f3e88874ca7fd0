import { latestAttempts } from '../../lib/data/webhooks/delivery-log';
import { requireWebhook } from '../../lib/data/webhooks/webhook-repository';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { WebhookPath } from '../../lib/schemas/webhooks';

/** GET /{shopId}/webhooks/{webhookId}/deliveries (webhooks_read): the last 100 attempts, newest first. */
export const handler = endpoint(routes.listWebhookDeliveries, { path: WebhookPath }, async (req) => {
  await requireWebhook(req.shopId, req.path.webhookId);
  return ok({ items: await latestAttempts(req.shopId, req.path.webhookId) });
});
