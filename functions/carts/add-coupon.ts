import { newId } from '../../lib/data/ids';
import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest, Conflict } from '../../lib/http/errors';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { AddCouponBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';

/**
 * POST /{shopId}/carts/{cartId}/coupon with `code` (form field or JSON) → 200 Cart with
 * couponLineItem (contract "Carts"). Unknown code 400. A known code whose conditions are not met
 * stays on the cart with validationErrors. One coupon per cart: another code while one is on is
 * 409; the same code again changes nothing.
 */
export const handler = endpoint(routes.addCoupon, { path: CartPath, body: AddCouponBody }, async (req) => {
  const catalog = await requireCatalog(req.shopId, req.catalogVersion);
  const coupon = catalog.coupons.get(req.body.code.toUpperCase());
  if (!coupon)
    throw new BadRequest('Unknown coupon code', [{ field: 'code', message: `No coupon ${req.body.code}` }]);
  const cart = await changeCart(req, (current) => {
    if (current.coupon?.code === coupon.code) return current;
    if (current.coupon) throw new Conflict('The cart has a coupon already: remove it first');
    return { ...current, coupon: { code: coupon.code, couponLineItemId: newId() } };
  });
  return cartReply(200, cart, catalog, req);
});
