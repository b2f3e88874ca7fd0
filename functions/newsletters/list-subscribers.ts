import { listSubscribers } from '../../lib/data/storefront/newsletters';
import { subscriberView } from '../../lib/domain/storefront/newsletters';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CampaignPath, ListNewsletterQuery } from '../../lib/schemas/newsletters';

/**
 * GET /{shopId}/newsletter-campaigns/{campaignId}/subscribers (newsletters_read): every address the
 * campaign knows, by address, paged, those that left with `subscribed: false`; unknown campaign 404.
 */
export const handler = endpoint(
  routes.listNewsletterSubscribers,
  { path: CampaignPath, query: ListNewsletterQuery },
  async (req) => {
    const { page, resultsPerPage } = req.query;
    const found = await listSubscribers(req.shopId, req.path.campaignId, page, resultsPerPage);
    return ok({ results: found.results, page, resultsPerPage, items: found.items.map(subscriberView) });
  },
);
