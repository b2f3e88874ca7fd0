import { ORDER_TIMESTAMPS } from '../../domain/orders/order';
import * as z from '../zod';
import { LineItemContainer, PaymentData, ShippingData } from './carts';
import { Address, CurrencyCode, cursorPageOf, DecimalString, Links, pageOf, Timestamp } from './common';

/** Response schemas of orders and order documents (docs/orders.md, docs/carts-and-orders.md). */

export const Order = z
  .strictObject({
    orderId: z.string(),
    orderNumber: z.string(),
    creationDate: Timestamp,
    /** Set at checkout, then by every change (PATCH, document, cancellation): docs/orders.md. */
    lastUpdatedOnDate: Timestamp,
    customerId: z.string(),
    customerNumber: z.string(),
    locale: z.string(),
    currencyId: CurrencyCode,
    taxModel: z.enum(['GROSS', 'NET']),
    grandTotal: DecimalString,
    totalBeforeTax: DecimalString,
    totalTax: DecimalString,
    customerComment: z.nullable(z.string()),
    internalNote: z.nullable(z.string()),
    billingAddress: Address,
    shippingAddress: z.nullable(Address),
    shippingData: ShippingData,
    paymentData: PaymentData,
    lineItemContainer: LineItemContainer,
    ...(Object.fromEntries(ORDER_TIMESTAMPS.map((t) => [t, z.nullable(Timestamp)])) as Record<
      (typeof ORDER_TIMESTAMPS)[number],
      z.ZodMiniNullable<typeof Timestamp>
    >),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'Order' });

export const OrderList = cursorPageOf(Order).register(z.globalRegistry, { id: 'OrderList' });

export const OrderDocument = z
  .strictObject({
    orderId: z.string(),
    documentType: z.enum(['Invoice', 'CreditNote']),
    documentNumber: z.string(),
    issueDate: Timestamp,
    creationDate: Timestamp,
    address: Address,
    lineItemContainer: LineItemContainer,
    /** The PDF as base64 without line breaks, only with includePdf=true. */
    documentPdf: z.nullable(z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/))),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'OrderDocument' });

export const OrderDocumentList = pageOf(OrderDocument).register(z.globalRegistry, {
  id: 'OrderDocumentList',
});
