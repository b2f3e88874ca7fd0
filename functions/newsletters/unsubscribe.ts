import { endpoint } from '../../lib/http/endpoint';
import { hasScope } from '../../lib/http/middleware/auth';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { SubscriberPath, UnsubscribeQuery } from '../../lib/schemas/newsletters';
import { leaveNewsletter } from '../../lib/use-cases/storefront/newsletters';

/**
 * DELETE /{shopId}/newsletter-campaigns/{campaignId}/subscribers/{email} → 204 with
 * newsletters_write, or with any token plus `?token=` the address's unsubscribe token (the link in
 * each newsletter); otherwise 403. An address the campaign does not know is 204 as well: the answer
 * never tells who subscribed. The address stays listed with `subscribed: false`; unknown campaign 404.
 */
export const handler = endpoint(
  routes.unsubscribeNewsletter,
  { path: SubscriberPath, query: UnsubscribeQuery },
  async (req) => {
    await leaveNewsletter(req.shopId, req.path.campaignId, req.path.email, {
      mayManage: hasScope(req.principal, 'newsletters_write'),
      token: req.query.token,
    });
    return noContent();
  },
);
