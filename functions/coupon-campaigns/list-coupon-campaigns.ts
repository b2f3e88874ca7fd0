import { campaignPage } from '../../lib/data/coupons/coupon-campaigns';
import { campaignView } from '../../lib/domain/coupons/campaign-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ListCouponCampaignsQuery } from '../../lib/schemas/coupons';

/** GET /{shopId}/coupon-campaigns (coupons_read): the campaigns, oldest first, paged. */
export const handler = endpoint(
  routes.listCouponCampaigns,
  { path: ShopPath, query: ListCouponCampaignsQuery },
  async (req) => {
    const { page, resultsPerPage } = req.query;
    const found = await campaignPage(req.shopId, page, resultsPerPage);
    const { settings } = found.catalog;
    const locale = resolveLocale(settings, req.query.locale);
    const ctx = req.view(locale);
    return ok({
      results: found.results,
      page,
      resultsPerPage,
      items: found.items.map((c) => campaignView(c.campaign, c.timesUsed, settings, locale, ctx)),
    });
  },
);
