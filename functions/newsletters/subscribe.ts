import { endpoint } from '../../lib/http/endpoint';
import { accepted } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CampaignPath, SubscribeBody } from '../../lib/schemas/newsletters';
import { signUpForNewsletter } from '../../lib/use-cases/storefront/newsletters';

/**
 * POST /{shopId}/newsletter-campaigns/{campaignId}/subscribers (any token: a storefront's sign-up
 * form) `{email, name?}` → always 202 `{email}` as sent, whatever the address's state, so the
 * answer never tells who subscribed; a new or unsubscribed address is mailed a confirm link
 * (docs/catalog.md "Newsletters"). Unknown campaign 404.
 */
export const handler = endpoint(
  routes.subscribeNewsletter,
  { path: CampaignPath, body: SubscribeBody },
  async (req) => {
    await signUpForNewsletter(req.shopId, req.path.campaignId, req.body);
    return accepted({ email: req.body.email });
  },
);
