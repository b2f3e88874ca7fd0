import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { AddCouponBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';
import { addCoupon } from '../../lib/use-cases/cart/add-coupon';

/**
 * POST /{shopId}/carts/{cartId}/coupon with `code` (form field or JSON) → 200 Cart with
 * couponLineItem (docs/carts-and-orders.md "Carts and checkout"). Unknown code 400. A known code whose
 * conditions are not met stays on the cart with validationErrors. One coupon per cart: another code while one
 * is on is 409; the same code again changes nothing.
 */
export const handler = endpoint(routes.addCoupon, { path: CartPath, body: AddCouponBody }, async (req) => {
  const { cart, catalog } = await addCoupon({ ...cartWrite(req), code: req.body.code });
  return cartReply(200, cart, catalog, req);
});
