import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CampaignPath, ConfirmSubscriptionBody } from '../../lib/schemas/newsletters';
import { confirmNewsletterSubscription } from '../../lib/use-cases/storefront/newsletters';

/**
 * POST /{shopId}/newsletter-campaigns/{campaignId}/subscribers/confirm (any token: the page behind
 * the confirm mail's link) `{token}` → 200 `{email, subscribed: true}`; an unknown, forged or
 * expired token 400; unknown campaign 404.
 */
export const handler = endpoint(
  routes.confirmNewsletterSubscription,
  { path: CampaignPath, body: ConfirmSubscriptionBody },
  async (req) => {
    const { email } = await confirmNewsletterSubscription(req.shopId, req.path.campaignId, req.body.token);
    return ok({ email, subscribed: true });
  },
);
