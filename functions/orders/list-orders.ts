import { listOrders } from '../../lib/data/orders/order-repository';
import { orderView } from '../../lib/domain/orders/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { listBody, requireWantedPage } from '../../lib/http/list-reply';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ListOrdersQuery } from '../../lib/schemas/orders';

/**
 * GET /{shopId}/orders (orders_read, beyond the spec): paged, newest first; filters customerId,
 * createdAfter, createdBefore (any span). Reads the page and the total, never the whole shop.
 */
export const handler = endpoint(
  routes.listOrders,
  { path: ShopPath, query: ListOrdersQuery },
  async (req) => {
    const { customerId, createdAfter, createdBefore } = req.query;
    if (createdAfter && createdBefore && createdAfter > createdBefore) {
      throw new BadRequest('Invalid request', [
        { field: 'createdAfter', message: 'createdAfter must not be later than createdBefore' },
      ]);
    }
    const wanted = requireWantedPage(req.query);
    const found = await listOrders(req.shopId, { customerId, from: createdAfter, to: createdBefore }, wanted);
    const body = listBody(req, 'orders', wanted, found, (order) => orderView(order, req.view(order.locale)));
    return ok(body, NO_STORE);
  },
);
