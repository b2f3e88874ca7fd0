import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { CartPath } from '../../lib/schemas/common';
import { setCartAddress } from '../../lib/use-cases/cart/set-cart-address';

/** DELETE /{shopId}/carts/{cartId}/shipping-address → 200 Cart with that address null. */
export const handler = endpoint(routes.deleteShippingAddress, { path: CartPath }, async (req) => {
  const { cart, catalog } = await setCartAddress({
    ...cartWrite(req),
    kind: 'shippingAddress',
    address: null,
  });
  return cartReply(200, cart, catalog, req);
});
