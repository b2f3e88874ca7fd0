import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { CartPath } from '../../lib/schemas/common';
import { setCartAddress } from '../../lib/use-cases/cart/set-cart-address';

/** DELETE /{shopId}/carts/{cartId}/billing-address → 200 Cart with that address null. */
export const handler = endpoint(routes.deleteBillingAddress, { path: CartPath }, async (req) => {
  const { cart, catalog } = await setCartAddress({
    ...cartWrite(req),
    kind: 'billingAddress',
    address: null,
  });
  return cartReply(200, cart, catalog, req);
});
