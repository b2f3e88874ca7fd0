import { documentView } from '../../lib/domain/orders/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CreateDocumentBody, OrderPath } from '../../lib/schemas/orders';
import { createDocument } from '../../lib/use-cases/orders/create-document';

/**
 * POST /{shopId}/orders/{orderId}/documents {documentType: Invoice | CreditNote} (orders_write) →
 * 201 document: finalized from the order with the next number of the shop's document sequence;
 * one invoice per order, a credit note only for an invoiced order (409 otherwise).
 */
export const handler = endpoint(
  routes.createDocument,
  { path: OrderPath, body: CreateDocumentBody },
  async (req) => {
    const { order, document } = await createDocument({
      shopId: req.shopId,
      orderId: req.path.orderId,
      documentType: req.body.documentType,
    });
    return created(documentView(document, req.view(order.locale), null), {
      ...NO_STORE,
      Location: `/${req.shopId}/orders/${order.orderId}/documents`,
    });
  },
);
