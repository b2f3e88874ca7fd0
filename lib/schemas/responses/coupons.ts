import { COUPON_TYPES } from '../../domain/coupons/coupon-campaign';
import * as z from '../zod';
import { CurrencyCode, Links, Money, pageOf, Timestamp } from './common';

/** A coupon campaign (docs/catalog.md "Coupon campaigns"). */
export const CouponCampaign = z
  .strictObject({
    campaignId: z.string(),
    identifier: z.string(),
    name: z.string(),
    currency: CurrencyCode,
    minimumOrderValue: Money,
    type: z.strictObject({
      name: z.enum(COUPON_TYPES),
      /** FIX: the amount off in the currency; PERCENT: the percent; absent for SHIPPING. */
      amount: z.optional(z.number()),
      waiveShippingCosts: z.boolean(),
    }),
    validFrom: z.nullable(Timestamp),
    validUntil: z.nullable(Timestamp),
    usesPerCode: z.nullable(z.int().check(z.minimum(1))),
    usesTotal: z.nullable(z.int().check(z.minimum(1))),
    timesUsed: z.int().check(z.nonnegative()),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'CouponCampaign' });
export const CouponCampaignList = pageOf(CouponCampaign).register(z.globalRegistry, {
  id: 'CouponCampaignList',
});

/** A page of a campaign's codes, each with how often it was redeemed (docs/catalog.md "Coupon campaigns"). */
export const CouponCodeList = pageOf(
  z.strictObject({ code: z.string(), timesUsed: z.int().check(z.nonnegative()) }),
).register(z.globalRegistry, { id: 'CouponCodeList' });
