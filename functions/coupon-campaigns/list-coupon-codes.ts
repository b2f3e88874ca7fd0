import { requireCampaign } from '../../lib/data/coupons/coupon-campaigns';
import { codeUses } from '../../lib/data/coupons/coupon-uses';
import { campaignCodes } from '../../lib/domain/coupons/coupon-campaign';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { pageOf } from '../../lib/schemas/common';
import { CouponCampaignPath, ListCouponCodesQuery } from '../../lib/schemas/coupons';

/**
 * GET /{shopId}/coupon-campaigns/{campaignId}/coupons (coupons_read): a page of the campaign's codes,
 * sorted, each with how often it was redeemed; the codes from the catalog in memory, the page's use
 * counters from one BatchGetItem. Unknown campaign 404.
 */
export const handler = endpoint(
  routes.listCouponCodes,
  { path: CouponCampaignPath, query: ListCouponCodesQuery },
  async (req) => {
    const { catalog } = await requireCampaign(req.shopId, req.path.campaignId);
    const page = pageOf(
      campaignCodes(catalog.couponCodes, req.path.campaignId),
      req.query.page,
      req.query.resultsPerPage,
    );
    const uses = await codeUses(req.shopId, req.path.campaignId, page.items);
    return ok({ ...page, items: page.items.map((code, i) => ({ code, timesUsed: uses[i] ?? 0 })) });
  },
);
