import type { DocumentRecord, DocumentType, OrderRecord } from './order';

/** A document as a snapshot of the order's billing address, lines, taxes and totals. */
export function documentFromOrder(
  order: OrderRecord,
  meta: { documentId: string; documentType: DocumentType; documentNumber: string; now: string },
): DocumentRecord {
  return {
    shopId: order.shopId,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    documentId: meta.documentId,
    documentType: meta.documentType,
    documentNumber: meta.documentNumber,
    issueDate: meta.now,
    createdAt: meta.now,
    locale: order.locale,
    currency: order.currency,
    taxModel: order.taxModel,
    address: order.billingAddress,
    shippingAddress: order.shippingAddress,
    customerNumber: order.customerNumber,
    lines: order.lines,
    taxes: order.taxes,
    totals: order.totals,
    seller: order.seller,
    lineItemContainer: order.view.lineItemContainer,
  };
}
