import { getOrderWithDocuments } from '../../lib/data/orders/order-repository';
import { orderView } from '../../lib/domain/orders/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { OrderPath } from '../../lib/schemas/orders';

/** GET /{shopId}/orders/{orderId} (orders_read) → 200 Order. */
export const handler = endpoint(routes.getOrder, { path: OrderPath }, async (req) => {
  const found = await getOrderWithDocuments(req.shopId, req.path.orderId);
  if (!found) throw new NotFound('Order not found');
  return ok(orderView(found.order, req.view(found.order.locale)), NO_STORE);
});
