import { getOrderWithDocuments } from '../../lib/data/orders/order-repository';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { orderReply } from '../../lib/http/order-reply';
import * as routes from '../../lib/routes';
import { OrderPath } from '../../lib/schemas/orders';

/**
 * GET /{shopId}/orders/{orderId} (orders_read) → 200 Order with its ETag (docs/api-rules.md "ETag and
 * If-Match").
 */
export const handler = endpoint(routes.getOrder, { path: OrderPath }, async (req) => {
  const found = await getOrderWithDocuments(req.shopId, req.path.orderId);
  if (!found) throw new NotFound('Order not found');
  return orderReply(found.order, found.version, req);
});
