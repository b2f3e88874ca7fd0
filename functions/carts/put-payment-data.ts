import { cartReply, cartWrite } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import * as routes from '../../lib/routes';
import { PaymentDataBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';
import { setPaymentData } from '../../lib/use-cases/cart/set-payment-data';

/**
 * PUT /{shopId}/carts/{cartId}/payment-data {name?, priceAmount?} (carts_price_write) → 200 Cart.
 * spec: a name sets paymentMethod and transactionId to null and is not returned (the order shows
 * it); priceAmount becomes the payment price (a negative one is a discount), absent → 0.
 */
export const handler = endpoint(
  routes.putPaymentData,
  { path: CartPath, body: PaymentDataBody },
  async (req) => {
    const { cart, catalog } = await setPaymentData({ ...cartWrite(req), ...req.body });
    return cartReply(200, cart, catalog, req);
  },
);
