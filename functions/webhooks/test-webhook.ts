import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { WebhookPath } from '../../lib/schemas/webhooks';
import { pingWebhook } from '../../lib/use-cases/webhooks/ping-webhook';

/**
 * POST /{shopId}/webhooks/{webhookId}/test (webhooks_write): sends a PING now, also to an inactive
 * webhook, and answers 200 with that attempt's record. Never retried, never deactivates.
 */
export const handler = endpoint(routes.testWebhook, { path: WebhookPath }, async (req) =>
  ok(await pingWebhook(req.shopId, req.path.webhookId)),
);
