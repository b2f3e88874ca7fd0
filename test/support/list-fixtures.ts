import { newId } from '../../lib/data/ids';
import type { CartRecord } from '../../lib/domain/cart/cart';

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
