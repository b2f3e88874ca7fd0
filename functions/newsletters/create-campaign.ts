import { campaignView } from '../../lib/domain/storefront/newsletters';
import { endpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { CreateCampaignBody } from '../../lib/schemas/newsletters';
import { createNewsletterCampaign } from '../../lib/use-cases/storefront/newsletters';

/**
 * POST /{shopId}/newsletter-campaigns (newsletters_write) → 201 campaign with Location; a taken
 * identifier is 409, a language the shop does not have 400.
 */
export const handler = endpoint(
  routes.createNewsletterCampaign,
  { path: ShopPath, body: CreateCampaignBody },
  async (req) => {
    const campaign = await createNewsletterCampaign(req.shopId, req.body);
    return created(campaignView(campaign), {
      Location: `/${req.shopId}/newsletter-campaigns/${campaign.campaignId}`,
    });
  },
);
