import { listCampaigns } from '../../lib/data/storefront/newsletters';
import { campaignView } from '../../lib/domain/storefront/newsletters';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ListNewsletterQuery } from '../../lib/schemas/newsletters';

/** GET /{shopId}/newsletter-campaigns (newsletters_read): the campaigns, oldest first, paged. */
export const handler = endpoint(
  routes.listNewsletterCampaigns,
  { path: ShopPath, query: ListNewsletterQuery },
  async (req) => {
    const { page, resultsPerPage } = req.query;
    const found = await listCampaigns(req.shopId, page, resultsPerPage);
    return ok({ results: found.results, page, resultsPerPage, items: found.items.map(campaignView) });
  },
);
