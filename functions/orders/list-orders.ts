import { findOrders } from '../../lib/data/orders/find-orders';
import {
  creationWindowProblem,
  FILTER_STATUSES,
  type FilterStatus,
  type OrderFilter,
  type OrderSort,
} from '../../lib/domain/orders/order-filter';
import { orderView } from '../../lib/domain/orders/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { listBody, requireWantedPage } from '../../lib/http/list-reply';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ListOrdersQuery } from '../../lib/schemas/orders';

/**
 * GET /{shopId}/orders (orders_read): every filter, newest first by creation or (lastUpdated=true)
 * by last change, `results` exact. One engine answers them all: the instance's order index, kept
 * current from the order feed (docs/orders.md "Finding orders"); only the page's orders are read.
 */
export const handler = endpoint(
  routes.listOrders,
  { path: ShopPath, query: ListOrdersQuery },
  async (req) => {
    const { query } = req;
    const problem = creationWindowProblem(query.createdAfter, query.createdBefore);
    if (problem)
      throw new BadRequest('Invalid request', [
        { field: 'createdAfter', message: problem },
        { field: 'createdBefore', message: problem },
      ]);
    const wanted = requireWantedPage(query);
    const statuses: Partial<Record<FilterStatus, boolean>> = {};
    for (const name of FILTER_STATUSES) if (query[name] !== undefined) statuses[name] = query[name];
    const filter: OrderFilter = {
      statuses,
      customerId: query.customerId,
      productId: query.productId,
      currency: query.currency,
      createdAfter: query.createdAfter,
      createdBefore: query.createdBefore,
      updatedFrom: query.updatedFrom,
    };
    const sort: OrderSort = query.lastUpdated ? 'updated' : 'created';
    const found = await findOrders(req.shopId, filter, sort, wanted);
    const body = listBody(req, 'orders', wanted, found, (order) => orderView(order, req.view(order.locale)));
    return ok(body, NO_STORE);
  },
);
