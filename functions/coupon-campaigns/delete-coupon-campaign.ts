import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CouponCampaignPath } from '../../lib/schemas/coupons';
import { deleteCouponCampaign } from '../../lib/use-cases/coupons/coupon-campaigns';

/**
 * DELETE /{shopId}/coupon-campaigns/{campaignId} (coupons_write) → 204; its codes stop working (a
 * cart holding one is 409 on its coupon line at checkout); unknown 404.
 */
export const handler = endpoint(routes.deleteCouponCampaign, { path: CouponCampaignPath }, async (req) => {
  await deleteCouponCampaign(req.shopId, req.path.campaignId);
  return noContent();
});
