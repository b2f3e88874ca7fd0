import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { CouponPath } from '../../lib/schemas/carts';

/** DELETE /{shopId}/carts/{cartId}/coupon/{couponLineItemId} → 200 Cart without the coupon. */
export const handler = endpoint(routes.removeCoupon, { path: CouponPath }, async (req) => {
  const catalog = await requireCatalog(req.shopId, req.catalogVersion);
  const cart = await changeCart(req, (current) => {
    if (current.coupon?.couponLineItemId !== req.path.couponLineItemId)
      throw new NotFound('Coupon line item not found');
    return { ...current, coupon: null };
  });
  return cartReply(200, cart, catalog, req);
});
