import { listOrders } from '../../lib/data/order-repository';
import { orderView } from '../../lib/domain/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { pageOf, ShopPath } from '../../lib/schemas/common';
import { ListOrdersQuery } from '../../lib/schemas/orders';

/**
 * GET /{shopId}/orders (orders_read, beyond the spec): paged, newest first; filters customerId,
 * createdAfter, createdBefore (any span).
 */
export const handler = endpoint(
  routes.listOrders,
  { path: ShopPath, query: ListOrdersQuery },
  async (req) => {
    const { customerId, createdAfter, createdBefore, page, resultsPerPage } = req.query;
    if (createdAfter && createdBefore && createdAfter > createdBefore) {
      throw new BadRequest('Invalid request', [
        { field: 'createdAfter', message: 'createdAfter must not be later than createdBefore' },
      ]);
    }
    const orders = await listOrders(req.shopId, { customerId, from: createdAfter, to: createdBefore });
    const paged = pageOf(orders, page, resultsPerPage);
    return ok(
      { ...paged, items: paged.items.map((order) => orderView(order, req.view(order.locale))) },
      NO_STORE,
    );
  },
);
