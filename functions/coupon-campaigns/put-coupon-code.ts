import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CouponCampaignPath, PutCouponCodeBody } from '../../lib/schemas/coupons';
import { addCouponCode } from '../../lib/use-cases/coupons/coupon-campaigns';

/**
 * PUT /{shopId}/coupon-campaigns/{campaignId}/coupons (coupons_write) `code` as a form field or
 * JSON → 204; the campaign's own code again changes nothing, another campaign's (any case) is 409.
 */
export const handler = endpoint(
  routes.putCouponCode,
  { path: CouponCampaignPath, body: PutCouponCodeBody },
  async (req) => {
    await addCouponCode(req.shopId, req.path.campaignId, req.body.code);
    return noContent();
  },
);
