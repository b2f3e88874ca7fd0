import { cartReply, changeCart } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { amountInput } from '../../lib/http/money-input';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { PaymentDataBody } from '../../lib/schemas/carts';
import { CartPath } from '../../lib/schemas/common';

/**
 * PUT /{shopId}/carts/{cartId}/payment-data {name?, priceAmount?} (carts_price_write) → 200 Cart.
 * spec: a name sets paymentMethod and transactionId to null and is not returned (the order shows
 * it); priceAmount becomes the payment price (a negative one is a discount), absent → 0.
 */
export const handler = endpoint(
  routes.putPaymentData,
  { path: CartPath, body: PaymentDataBody },
  async (req) => {
    const catalog = await requireCatalog(req.shopId, req.catalogVersion);
    const price =
      req.body.priceAmount === undefined
        ? 0
        : amountInput(req.body.priceAmount, req.cart.currency, 'priceAmount');
    const cart = await changeCart(req, (current) => ({
      ...current,
      payment: { price, name: req.body.name ?? current.payment?.name ?? null },
    }));
    return cartReply(200, cart, catalog, req);
  },
);
