import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { SubscriberPath } from '../../lib/schemas/newsletters';
import { leaveNewsletter } from '../../lib/use-cases/storefront/newsletters';

/**
 * DELETE /{shopId}/newsletter-campaigns/{campaignId}/subscribers/{email} (any token: unsubscribe
 * links) → 204, for an address the campaign does not know too: the answer never tells who
 * subscribed. The address stays listed with `subscribed: false`; unknown campaign 404.
 */
export const handler = endpoint(routes.unsubscribeNewsletter, { path: SubscriberPath }, async (req) => {
  await leaveNewsletter(req.shopId, req.path.campaignId, req.path.email);
  return noContent();
});
