import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { amountInput } from '../../lib/http/money-input';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { ShippingDataBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';

/**
 * PUT /{shopId}/carts/{cartId}/shipping-data {id, priceAmount?} (carts_price_write) → 200 Cart
 * (contract "Carts"). Unknown method 400. Without priceAmount the method's own price applies; a
 * method priced per cart (price null) needs priceAmount (400 otherwise).
 */
export const handler = endpoint(
  routes.putShippingData,
  { path: CartPath, body: ShippingDataBody },
  async (req) => {
    const catalog = await requireCatalog(req.shopId, req.catalogVersion);
    const method = catalog.shippingMethods.find((m) => m.shippingMethodId === req.body.id);
    if (!method)
      throw new BadRequest('Unknown shipping method', [
        { field: 'id', message: `No shipping method ${req.body.id}` },
      ]);
    const { priceAmount } = req.body;
    if (priceAmount === undefined && !method.price?.[req.cart.currency]) {
      throw new BadRequest('Invalid request', [
        {
          field: 'priceAmount',
          message: `Shipping method ${method.shippingMethodId} is priced per cart: give priceAmount`,
        },
      ]);
    }
    const price =
      priceAmount === undefined ? null : amountInput(priceAmount, req.cart.currency, 'priceAmount');
    const cart = await changeCart(req, (current) => ({
      ...current,
      shipping: { methodId: method.shippingMethodId, price },
    }));
    return cartReply(200, cart, catalog, req);
  },
);
