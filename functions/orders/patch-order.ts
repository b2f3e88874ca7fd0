import { endpoint } from '../../lib/http/endpoint';
import { orderReply } from '../../lib/http/order-reply';
import * as routes from '../../lib/routes';
import { OrderPath, orderPatchValues, PatchOrderBody } from '../../lib/schemas/orders';
import { patchOrder } from '../../lib/use-cases/orders/patch-order';

/**
 * PATCH /{shopId}/orders/{orderId} (orders_write): a JSON Patch on the status timestamps, the
 * comment and note, the addresses and the order number (docs/orders.md "PATCH /orders/{o}") → 200 Order with
 * its ETag. A bad operation: 400 naming `[i].op`, `[i].path` or `[i].value`; a broken transition rule:
 * 409 naming it; a taken number: 409; a stale If-Match: 412; nothing changed in either case. The
 * first rejectedOn cancels the order (stock back, credit note when invoiced: docs/orders.md).
 */
export const handler = endpoint(routes.patchOrder, { path: OrderPath, body: PatchOrderBody }, async (req) => {
  const { order, version } = await patchOrder({
    shopId: req.shopId,
    orderId: req.path.orderId,
    operations: req.body,
    values: orderPatchValues,
    ifMatch: req.headers['if-match'],
  });
  return orderReply(order, version, req);
});
