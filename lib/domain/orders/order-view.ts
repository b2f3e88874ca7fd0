import { link, type ViewContext } from '../links';
import { toDecimalString } from '../money/money';
import type { DocumentRecord, OrderRecord } from './order';

/**
 * The Order resource of the spec: top-level totals as decimal strings ("26.35"), inside
 * lineItemContainer Money objects (docs/carts-and-orders.md "Carts and checkout"), status timestamps null
 * until reached.
 */
export function orderView(order: OrderRecord, ctx: ViewContext) {
  const decimal = (minor: number) => toDecimalString(minor, order.currency);
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    creationDate: order.createdAt,
    lastUpdatedOnDate: order.updatedAt ?? order.createdAt,
    customerId: order.customerId,
    customerNumber: order.customerNumber,
    locale: order.locale,
    currencyId: order.currency,
    taxModel: order.taxModel,
    grandTotal: decimal(order.totals.grandTotal),
    totalBeforeTax: decimal(order.totals.totalBeforeTax),
    totalTax: decimal(order.totals.totalTax),
    customerComment: order.customerComment,
    internalNote: order.internalNote,
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    shippingData: order.view.shippingData,
    paymentData: order.view.paymentData,
    lineItemContainer: order.view.lineItemContainer,
    ...order.timestamps,
    links: [
      link(ctx, 'self', 'orders', order.orderId),
      link(ctx, 'customer', 'customers', order.customerId),
      ...(order.shippingMethodId
        ? [link(ctx, 'shipping-method', 'shipping-methods', order.shippingMethodId)]
        : []),
    ],
  };
}

/**
 * The ETag of an order (docs/api-rules.md "ETag and If-Match"): its item's version, which every
 * change of the order moves (PATCH, a document); orders never changed are at version 0.
 */
export function orderEtag(version: number): string {
  return `"${version}"`;
}

/** The order document resource of the spec; `documentPdf` is filled only when asked for. */
export function documentView(document: DocumentRecord, ctx: ViewContext, documentPdf: string | null) {
  return {
    orderId: document.orderId,
    documentType: document.documentType,
    documentNumber: document.documentNumber,
    issueDate: document.issueDate,
    creationDate: document.createdAt,
    address: document.address,
    lineItemContainer: document.lineItemContainer,
    documentPdf,
    links: [link(ctx, 'order', 'orders', document.orderId)],
  };
}
