import { subscriberView } from '../../lib/domain/storefront/newsletters';
import { endpoint } from '../../lib/http/endpoint';
import { created, ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CampaignPath, SubscribeBody } from '../../lib/schemas/newsletters';
import { signUpForNewsletter } from '../../lib/use-cases/storefront/newsletters';

/**
 * POST /{shopId}/newsletter-campaigns/{campaignId}/subscribers (any token: a storefront's sign-up
 * form) `{email, name?}`: a new address 201, a known one (any case) 200, subscribed again and its
 * name updated when sent; unknown campaign 404.
 */
export const handler = endpoint(
  routes.subscribeNewsletter,
  { path: CampaignPath, body: SubscribeBody },
  async (req) => {
    const { subscriber, created: isNew } = await signUpForNewsletter(
      req.shopId,
      req.path.campaignId,
      req.body.email,
      req.body.name,
    );
    return isNew ? created(subscriberView(subscriber)) : ok(subscriberView(subscriber));
  },
);
