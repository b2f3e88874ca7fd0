import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { ShippingDataBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';
import { setShippingData } from '../../lib/use-cases/cart/set-shipping-data';

/**
 * PUT /{shopId}/carts/{cartId}/shipping-data {id, priceAmount?} (carts_price_write) → 200 Cart
 * (docs/carts-and-orders.md "Carts and checkout"). Unknown method 400. Without priceAmount the method's own
 * price applies; a method priced per cart (price null) needs priceAmount (400 otherwise).
 */
export const handler = endpoint(
  routes.putShippingData,
  { path: CartPath, body: ShippingDataBody },
  async (req) => {
    const { cart, catalog } = await setShippingData({
      ...cartWrite(req),
      methodId: req.body.id,
      priceAmount: req.body.priceAmount,
    });
    return cartReply(200, cart, catalog, req);
  },
);
