import type { ViewContext } from '../domain/links';
import type { OrderRecord } from '../domain/orders/order';
import { orderEtag, orderView } from '../domain/orders/order-view';
import { NO_STORE } from './cart-reply';
import { ok } from './reply';
import type { Reply } from './types';

/** An order response (GET and PATCH): the Order in the order's locale, its ETag, never cached. */
export function orderReply(
  order: OrderRecord,
  version: number,
  req: { view: (locale: string) => ViewContext },
): Reply {
  return ok(orderView(order, req.view(order.locale)), { ETag: orderEtag(version), ...NO_STORE });
}
