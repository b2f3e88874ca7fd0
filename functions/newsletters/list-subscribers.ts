import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CampaignPath, ListNewsletterQuery } from '../../lib/schemas/newsletters';
import { newsletterSubscribers } from '../../lib/use-cases/storefront/newsletters';

/**
 * GET /{shopId}/newsletter-campaigns/{campaignId}/subscribers (newsletters_read): every address the
 * campaign knows, by address, paged: `{email, name, subscribed, pending, unsubscribeToken}` (the
 * token for the merchant's mailer to put in each newsletter's link); unknown campaign 404.
 */
export const handler = endpoint(
  routes.listNewsletterSubscribers,
  { path: CampaignPath, query: ListNewsletterQuery },
  async (req) => {
    const { page, resultsPerPage } = req.query;
    const found = await newsletterSubscribers(req.shopId, req.path.campaignId, page, resultsPerPage);
    return ok({ results: found.results, page, resultsPerPage, items: found.items });
  },
);
