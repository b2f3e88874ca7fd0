import { describe, expect, it } from 'vitest';
import { CART_LIFETIME_SECONDS, isExpired, unitPriceFor } from '../../lib/domain/cart/cart';

describe('unitPriceFor', () => {
  const line = {
    unitPrice: 549,
    bulkTiers: [
      { quantity: 10, unitPrice: 499 },
      { quantity: 50, unitPrice: 449 },
    ],
    priceOverride: null,
  };

  it('uses the unit price below the first bulk tier', () => {
    // Prepare
    const quantities = [1, 9];

    // Act
    const prices = quantities.map((quantity) => unitPriceFor(line, quantity));

    // Assess
    expect(prices).toEqual([549, 549]);
  });

  it('uses the highest bulk tier reached, from its quantity on', () => {
    // Prepare
    const quantities = [10, 49, 50, 1000];

    // Act
    const prices = quantities.map((quantity) => unitPriceFor(line, quantity));

    // Assess
    expect(prices).toEqual([499, 499, 449, 449]);
  });

  it('lets a price override win over every tier', () => {
    // Prepare
    const overridden = { ...line, priceOverride: 100 };

    // Act
    const prices = [1, 10, 50].map((quantity) => unitPriceFor(overridden, quantity));

    // Assess
    expect(prices).toEqual([100, 100, 100]);
  });

  it('honours an override of zero', () => {
    // Prepare
    const free = { ...line, priceOverride: 0 };

    // Act
    const price = unitPriceFor(free, 60);

    // Assess
    expect(price).toBe(0);
  });
});

describe('isExpired', () => {
  const updatedAt = '2026-01-01T00:00:00.000Z';
  const lastChange = Date.parse(updatedAt);

  it('keeps a cart alive until 30 days after its last change', () => {
    // Prepare
    const justBefore = lastChange + CART_LIFETIME_SECONDS * 1000 - 1;

    // Act
    const expired = isExpired({ updatedAt }, justBefore);

    // Assess
    expect(CART_LIFETIME_SECONDS).toBe(30 * 24 * 60 * 60);
    expect(expired).toBe(false);
  });

  it('expires a cart exactly 30 days after its last change', () => {
    // Prepare
    const thirtyDays = lastChange + 30 * 24 * 60 * 60 * 1000;

    // Act
    const atLimit = isExpired({ updatedAt }, thirtyDays);
    const later = isExpired({ updatedAt }, thirtyDays + 60_000);

    // Assess
    expect(atLimit).toBe(true);
    expect(later).toBe(true);
  });

  it('counts from the current time by default', () => {
    // Prepare
    const fresh = { updatedAt: new Date().toISOString() };
    const old = { updatedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() };

    // Act
    const freshExpired = isExpired(fresh);
    const oldExpired = isExpired(old);

    // Assess
    expect(freshExpired).toBe(false);
    expect(oldExpired).toBe(true);
  });
});
