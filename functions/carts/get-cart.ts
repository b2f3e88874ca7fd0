import { cartView } from '../../lib/domain/cart-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { CartPath } from '../../lib/schemas/common';

/** GET /{shopId}/carts/{cartId}: the cart, priced now, in the cart's locale. */
export const handler = endpoint(routes.getCart, { path: CartPath }, async (req) => {
  const catalog = await requireCatalog(req.shopId);
  return ok(cartView(req.cart, catalog, req.view(req.cart.locale)));
});
