import { finalizeDocument } from '../../lib/data/finalize-document';
import { newId } from '../../lib/data/ids';
import { getOrderWithDocuments } from '../../lib/data/order-repository';
import { documentFromOrder } from '../../lib/domain/order-document';
import { documentView } from '../../lib/domain/order-view';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { created } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CreateDocumentBody, OrderPath } from '../../lib/schemas/orders';

/**
 * POST /{shopId}/orders/{orderId}/documents {documentType: Invoice | CreditNote} (orders_write) →
 * 201 document: finalized from the order with the next number of the shop's document sequence;
 * one invoice per order, a credit note only for an invoiced order (409 otherwise).
 */
export const handler = endpoint(
  routes.createDocument,
  { path: OrderPath, body: CreateDocumentBody },
  async (req) => {
    const found = await getOrderWithDocuments(req.shopId, req.path.orderId);
    if (!found) throw new NotFound('Order not found');
    const { order } = found;
    const now = new Date().toISOString();
    const document = await finalizeDocument(order, req.body.documentType, (documentNumber) =>
      documentFromOrder(order, {
        documentId: newId(),
        documentType: req.body.documentType,
        documentNumber,
        now,
      }),
    );
    return created(documentView(document, req.view(order.locale), null), {
      ...NO_STORE,
      Location: `/${req.shopId}/orders/${order.orderId}/documents`,
    });
  },
);
