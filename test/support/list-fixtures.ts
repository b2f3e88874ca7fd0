import { newId } from '../../lib/data/ids';
import type { Key } from '../../lib/data/keys';
import { orderItem } from '../../lib/data/orders/order-items';
import type { CartRecord } from '../../lib/domain/cart/cart';
import { ORDER_TIMESTAMPS, type OrderRecord } from '../../lib/domain/orders/order';

const DAY = 24 * 3600 * 1000;

/**
 * A cart record as the repository stores it, created and last changed at the given times (ms),
 * for list tests that need carts spread over time, some with address data, some expired.
 */
export function cartAt(
  shopId: string,
  createdMs: number,
  options: { updatedMs?: number; address?: boolean } = {},
): CartRecord {
  const createdAt = new Date(createdMs).toISOString();
  return {
    shopId,
    cartId: newId(),
    tokenHash: 'ab',
    status: 'open',
    version: 1,
    currency: 'EUR',
    taxType: 'GROSS',
    locale: 'en_GB',
    createdAt,
    updatedAt: new Date(options.updatedMs ?? createdMs).toISOString(),
    pickupToken: 'p',
    lineItems: [],
    billingAddress: options.address ? { firstName: 'Ada', emailAddress: 'ada@example.com' } : null,
    shippingAddress: null,
    shipping: null,
    payment: null,
    coupon: null,
    orderId: null,
  };
}

/** A fresh shop id for a test that counts what it lists. */
export function freshShopId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Times spread over the last `days` days, at random minutes, seconds and milliseconds. */
export function spreadTimes(count: number, days: number, now = Date.now(), random = Math.random): number[] {
  return Array.from({ length: count }, () => now - Math.floor(random() * days * DAY));
}

/**
 * A bare order record for list tests, created (and last changed) at `ms`: customer `customer-{i % 7}`,
 * a quarter in GBP, one or two products, paid when `paid` says (every third by default).
 */
export function orderAt(
  shopId: string,
  ms: number,
  i: number,
  { paid = i % 3 === 0, products = ['trail-mix'] }: { paid?: boolean; products?: string[] } = {},
): OrderRecord {
  const at = new Date(ms).toISOString();
  return {
    shopId,
    orderId: newId(),
    orderNumber: String(i + 1),
    cartId: newId(),
    customerId: `customer-${i % 7}`,
    createdAt: at,
    updatedAt: at,
    currency: i % 4 === 3 ? 'GBP' : 'EUR',
    lines: products.map((productId) => ({ productId })),
    timestamps: Object.fromEntries(ORDER_TIMESTAMPS.map((t) => [t, t === 'paidOn' && paid ? at : null])),
  } as unknown as OrderRecord;
}

/**
 * The stored item of such an order. Another `kind` keeps it out of the consistency check (fuzz test),
 * which holds every stored order to its totals and numbering; the feed and the page read ignore it.
 */
export function orderFixtureItem(order: OrderRecord, version = 0): Record<string, unknown> & Key {
  return { ...orderItem(order, 1), kind: 'orderFixture', version };
}
