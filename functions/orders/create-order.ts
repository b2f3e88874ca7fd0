import { orderView } from '../../lib/domain/orders/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../lib/http/middleware/idempotency';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CartPath } from '../../lib/schemas/common';
import { placeOrder } from '../../lib/use-cases/orders/place-order';

/**
 * POST /{shopId}/carts/{cartId}/order (orders_write) → 201 Order. 400 without a billing address,
 * without line items or below the minimum cart (docs/carts-and-orders.md "Checkout"). The cart becomes the
 * order atomically: afterwards every request on the cart answers 410, but the retry of this checkout with its
 * Idempotency-Key, which gets the order (its first answer may have been lost to a timeout).
 */
export const handler = endpoint(routes.createOrder, { path: CartPath }, async (req) => {
  const { order, replayed } = await placeOrder({
    cart: req.cart,
    catalogVersion: req.catalogVersion,
    view: req.view,
    checkoutKeyHash: req.checkoutKeyHash,
  });
  return created(orderView(order, req.view(order.locale)), {
    ...NO_STORE,
    Location: `/${req.shopId}/orders/${order.orderId}`,
    // The retry of a checkout whose answer was lost gets that order, marked like any replay.
    ...(replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } : {}),
  });
});
