import { describe, expect, it } from 'vitest';
import { type CouponCampaign, outsideWindow } from '../../lib/domain/coupons/coupon-campaign';
import { campaignDiscount } from '../../lib/domain/coupons/coupon-discount';
import { usesLeft } from '../../lib/domain/coupons/coupon-uses';
import { newCampaign } from '../../lib/domain/coupons/new-campaign';

/** The pure rules of coupon campaigns (docs/catalog.md "Coupon campaigns"), without a table. */

const settings = { currencies: ['EUR', 'GBP', 'JPY'] };
const ids = { campaignId: 'c1', locale: 'en_GB', now: '2026-01-01T00:00:00.000Z' };
const eur = { currency: 'EUR', defaultCurrency: 'EUR' };
const at = new Date('2026-06-01T12:00:00Z');

function made(fields: Partial<Parameters<typeof newCampaign>[0]> = {}): CouponCampaign {
  const result = newCampaign(
    { identifier: 'x', name: 'X', currency: 'EUR', type: { name: 'FIX', amount: 5 }, ...fields },
    settings,
    ids,
  );
  if (Array.isArray(result)) throw new Error(JSON.stringify(result));
  return result;
}

describe('newCampaign', () => {
  it('keeps amounts as exact decimal text in the campaign currency and defaults the rest', () => {
    // Act
    const fix = made({ type: { name: 'FIX', amount: 0.1 }, minimumOrderValue: 19.99 });
    const yen = made({ currency: 'JPY', type: { name: 'FIX', amount: 500 } });
    const shipping = made({ type: { name: 'SHIPPING' } });

    // Assess
    expect(fix).toMatchObject({
      amount: { EUR: '0.10' },
      minimumOrderValue: { EUR: '19.99' },
      name: { en_GB: 'X' },
      waiveShippingCosts: false,
      validFrom: null,
      usesPerCode: null,
      usesTotal: null,
    });
    expect(yen.amount).toEqual({ JPY: '500' });
    expect(shipping).toMatchObject({
      amount: null,
      waiveShippingCosts: true,
      minimumOrderValue: { EUR: '0.00' },
    });
  });

  it('names every field that breaks a rule', () => {
    // Act
    const problems = newCampaign(
      {
        identifier: 'x',
        name: 'X',
        currency: 'CHF',
        minimumOrderValue: 0.001,
        type: { name: 'PERCENT', amount: 100.00001 },
        validFrom: '2026-02-01T00:00:00.000Z',
        validUntil: '2026-01-01T00:00:00.000Z',
      },
      settings,
      ids,
    );
    const yenCents = newCampaign(
      { identifier: 'x', name: 'X', currency: 'JPY', type: { name: 'FIX', amount: 1.5 } },
      settings,
      ids,
    );

    // Assess
    expect((problems as { field: string }[]).map((p) => p.field)).toEqual([
      'currency',
      'minimumOrderValue',
      'type.amount',
      'validUntil',
    ]);
    expect((yenCents as { field: string }[]).map((p) => p.field)).toEqual(['type.amount']);
  });
});

describe('campaignDiscount', () => {
  it('takes FIX off the lines but never more than they cost, and PERCENT rounded half away from zero', () => {
    expect(campaignDiscount(made(), 4990, eur, at)).toEqual({
      amount: -500,
      waivesShipping: false,
      validationErrors: [],
    });
    expect(campaignDiscount(made(), 300, eur, at).amount).toBe(-300);
    const percent = made({ type: { name: 'PERCENT', amount: 12.5 } });
    // 12.5 % of 9.99 = 1.24875 → 1.25
    expect(campaignDiscount(percent, 999, eur, at).amount).toBe(-125);
  });

  it('waives shipping for SHIPPING and with waiveShippingCosts, only while the coupon applies', () => {
    const shipping = made({ type: { name: 'SHIPPING' }, minimumOrderValue: 20 });
    expect(campaignDiscount(shipping, 2000, eur, at)).toEqual({
      amount: 0,
      waivesShipping: true,
      validationErrors: [],
    });
    expect(campaignDiscount(shipping, 1999, eur, at)).toEqual({
      amount: 0,
      waivesShipping: false,
      validationErrors: ['LineItemsSubTotalTooSmall'],
    });
  });

  it('gives nothing outside the window, in another currency or without a campaign', () => {
    const window = made({ validFrom: '2026-06-01T12:00:00.000Z', validUntil: '2026-06-02T00:00:00.000Z' });
    expect(campaignDiscount(window, 4990, eur, new Date('2026-06-01T11:59:59Z')).validationErrors).toEqual([
      'CouponNotYetValid',
    ]);
    expect(campaignDiscount(window, 4990, eur, at).validationErrors).toEqual([]);
    expect(outsideWindow(window, new Date('2026-06-02T00:00:00Z'))).toBe('CouponExpired');
    expect(
      campaignDiscount(made(), 4990, { currency: 'GBP', defaultCurrency: 'EUR' }, at).validationErrors,
    ).toEqual(['CurrencyNotSupported']);
    expect(campaignDiscount(null, 4990, eur, at).validationErrors).toEqual(['CouponNotFound']);
  });
});

describe('usesLeft', () => {
  it('is the tighter limit, never below zero, and null when unlimited', () => {
    const limits = (usesPerCode: number | null, usesTotal: number | null) => ({ usesPerCode, usesTotal });
    expect(usesLeft(limits(3, 10), { code: 1, campaign: 9 })).toBe(1);
    expect(usesLeft(limits(3, null), { code: 1, campaign: 9 })).toBe(2);
    expect(usesLeft(limits(1, null), { code: 2, campaign: 2 })).toBe(0);
    expect(usesLeft(limits(null, null), { code: 5, campaign: 5 })).toBeNull();
  });
});
