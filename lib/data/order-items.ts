import type { DocumentRecord, OrderRecord } from '../domain/order';
import { type Key, keys } from './keys';

/** The stored item of an order: indexed by creation time (gsi1) and by customer (gsi2). */
export function orderItem(order: OrderRecord): Record<string, unknown> & Key {
  return {
    ...keys.order(order.shopId, order.orderId),
    kind: 'order',
    gsi1pk: keys.ordersByCreation(order.shopId),
    gsi1sk: keys.creationSort(order.createdAt, order.orderId),
    gsi2pk: keys.ordersByCustomer(order.shopId, order.customerId),
    gsi2sk: keys.creationSort(order.createdAt, order.orderId),
    // Top-level copies for stream consumers (domain events) and consistency checks.
    shopId: order.shopId,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    cartId: order.cartId,
    customerId: order.customerId,
    createdAt: order.createdAt,
    currency: order.currency,
    data: order,
  };
}

/** The stored item of a document, in its order's partition. */
export function documentItem(document: DocumentRecord): Record<string, unknown> & Key {
  return {
    ...keys.orderDocument(document.shopId, document.orderId, document.documentNumber),
    kind: 'document',
    shopId: document.shopId,
    orderId: document.orderId,
    documentId: document.documentId,
    documentType: document.documentType,
    documentNumber: document.documentNumber,
    createdAt: document.createdAt,
    data: document,
  };
}
