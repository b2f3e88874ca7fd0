import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { cartReply } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { CartPath } from '../../lib/schemas/common';

/** GET /{shopId}/carts/{cartId}: the cart, priced now, in the cart's locale, with its ETag. */
export const handler = endpoint(routes.getCart, { path: CartPath }, async (req) => {
  const catalog = await requireCatalog(req.shopId, req.catalogVersion);
  return cartReply(200, req.cart, catalog, req);
});
