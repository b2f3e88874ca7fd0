import { requireCampaign } from '../../lib/data/coupons/coupon-campaigns';
import { campaignView } from '../../lib/domain/coupons/campaign-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CouponCampaignPath, CouponCampaignQuery } from '../../lib/schemas/coupons';

/** GET /{shopId}/coupon-campaigns/{campaignId} (coupons_read): one campaign; unknown 404. */
export const handler = endpoint(
  routes.getCouponCampaign,
  { path: CouponCampaignPath, query: CouponCampaignQuery },
  async (req) => {
    const { catalog, campaign, timesUsed } = await requireCampaign(req.shopId, req.path.campaignId);
    const locale = resolveLocale(catalog.settings, req.query.locale);
    return ok(campaignView(campaign, timesUsed, catalog.settings, locale, req.view(locale)));
  },
);
