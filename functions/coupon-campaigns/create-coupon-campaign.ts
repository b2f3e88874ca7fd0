import { campaignView } from '../../lib/domain/coupons/campaign-view';
import { endpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { CouponCampaignQuery, CreateCouponCampaignBody } from '../../lib/schemas/coupons';
import { createCouponCampaign } from '../../lib/use-cases/coupons/coupon-campaigns';

/**
 * POST /{shopId}/coupon-campaigns (coupons_write) → 201 campaign with Location; the name is stored
 * for `locale` (default the shop's); a taken identifier is 409, every bad field 400.
 */
export const handler = endpoint(
  routes.createCouponCampaign,
  { path: ShopPath, query: CouponCampaignQuery, body: CreateCouponCampaignBody },
  async (req) => {
    const { campaign, settings } = await createCouponCampaign(req.shopId, req.body, req.query.locale);
    const locale = Object.keys(campaign.name)[0] ?? settings.defaultLocale;
    return created(campaignView(campaign, 0, settings, locale, req.view(locale)), {
      Location: `/${req.shopId}/coupon-campaigns/${campaign.campaignId}`,
    });
  },
);
