import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { CouponPath } from '../../lib/schemas/carts';
import { removeCoupon } from '../../lib/use-cases/cart/remove-coupon';

/** DELETE /{shopId}/carts/{cartId}/coupon/{couponLineItemId} → 200 Cart without the coupon. */
export const handler = endpoint(routes.removeCoupon, { path: CouponPath }, async (req) => {
  const { cart, catalog } = await removeCoupon({
    ...cartWrite(req),
    couponLineItemId: req.path.couponLineItemId,
  });
  return cartReply(200, cart, catalog, req);
});
