import { cartReply } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { CART_TOKEN_HEADER } from '../../lib/http/middleware/cart-token';
import * as routes from '../../lib/routes';
import { CreateCartBody } from '../../lib/schemas/carts';
import { ShopPath } from '../../lib/schemas/common';
import { createCart } from '../../lib/use-cases/cart/create-cart';

/**
 * POST /{shopId}/carts: a new cart with optional line items (docs/carts-and-orders.md "Carts and checkout").
 * The cart token is returned once, in X-Service-Cart-Token; only its hash is stored.
 */
export const handler = endpoint(routes.createCart, { path: ShopPath, body: CreateCartBody }, async (req) => {
  const { cart, catalog, token, refused } = await createCart({
    ...req.body,
    shopId: req.shopId,
    catalogVersion: req.catalogVersion,
  });
  return cartReply(201, cart, catalog, req, {
    body: { status: refused > 0 ? 'PartiallyComplete' : 'Complete' },
    headers: { [CART_TOKEN_HEADER]: token, Location: `/${req.shopId}/carts/${cart.cartId}` },
  });
});
