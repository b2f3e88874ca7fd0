import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { BillingAddressBody } from '../../lib/schemas/address';
import { CartPath } from '../../lib/schemas/common';
import { setCartAddress } from '../../lib/use-cases/cart/set-cart-address';

/**
 * PUT /{shopId}/carts/{cartId}/billing-address: replaces the billing address → 200 Cart
 * (docs/carts-and-orders.md "Carts and checkout").
 */
export const handler = endpoint(
  routes.putBillingAddress,
  { path: CartPath, body: BillingAddressBody },
  async (req) => {
    const { cart, catalog } = await setCartAddress({
      ...cartWrite(req),
      kind: 'billingAddress',
      address: req.body,
    });
    return cartReply(200, cart, catalog, req);
  },
);
