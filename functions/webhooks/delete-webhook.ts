import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { WebhookPath } from '../../lib/schemas/webhooks';
import { removeWebhook } from '../../lib/use-cases/webhooks/webhooks';

/** DELETE /{shopId}/webhooks/{webhookId} (webhooks_write) → 204; its pending retries are dropped. */
export const handler = endpoint(routes.deleteWebhook, { path: WebhookPath }, async (req) => {
  await removeWebhook(req.shopId, req.path.webhookId);
  return noContent();
});
