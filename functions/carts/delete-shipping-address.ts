import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { CartPath } from '../../lib/schemas/common';

/** DELETE /{shopId}/carts/{cartId}/shipping-address → 200 Cart with that address null. */
export const handler = endpoint(routes.deleteShippingAddress, { path: CartPath }, async (req) => {
  const catalog = await requireCatalog(req.shopId, req.catalogVersion);
  const cart = await changeCart(req, (current) => ({ ...current, shippingAddress: null }));
  return cartReply(200, cart, catalog, req);
});
