import { listWebhooks } from '../../lib/data/webhooks/webhook-repository';
import { webhookView } from '../../lib/domain/webhooks/webhook';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';

/** GET /{shopId}/webhooks (webhooks_read): every webhook of the shop (at most 20), oldest first, unpaged. */
export const handler = endpoint(routes.listWebhooks, { path: ShopPath }, async (req) => {
  const webhooks = await listWebhooks(req.shopId);
  return ok({ items: webhooks.map((webhook) => webhookView(webhook, req.view(''))) });
});
