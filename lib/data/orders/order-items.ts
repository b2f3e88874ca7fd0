import type { DocumentRecord, OrderRecord } from '../../domain/orders/order';
import { type Key, keys } from '../keys';
import { orderFeedAttributes } from './order-feed';

/**
 * The stored item of an order, in the order feed the order index reads (order-feed.ts), in a bucket
 * of the feed's `feedBuckets` (lib/data/feeds/feed-spread.ts).
 */
export function orderItem(order: OrderRecord, feedBuckets: number): Record<string, unknown> & Key {
  const key = keys.order(order.shopId, order.orderId);
  return {
    ...key,
    kind: 'order',
    ...orderFeedAttributes(order, feedBuckets),
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
