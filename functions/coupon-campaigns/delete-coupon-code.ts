import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CouponCodePath } from '../../lib/schemas/coupons';
import { deleteCouponCode } from '../../lib/use-cases/coupons/coupon-campaigns';

/** DELETE /{shopId}/coupon-campaigns/{campaignId}/coupons/{code} (coupons_write) → 204; unknown 404. */
export const handler = endpoint(routes.deleteCouponCode, { path: CouponCodePath }, async (req) => {
  await deleteCouponCode(req.shopId, req.path.campaignId, req.path.code);
  return noContent();
});
