import { COUPON_CODE, COUPON_TYPES } from '../domain/coupons/coupon-campaign';
import { Instant, LocaleParam, PathId, paging, ShopId } from './common';
import * as z from './zod';

/** Schemas of the coupon campaigns and their codes (docs/catalog.md "Coupon campaigns"). */

const required = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const uses = () => z.optional(z.int().check(z.minimum(1), z.maximum(1_000_000_000)));

/** A code: 1–64 letters, digits, `-` or `_`. */
export const CouponCode = z.lazy(() =>
  z.string().check(z.regex(COUPON_CODE, 'expected 1-64 letters, digits, - or _')),
);

export const CouponCampaignPath = z.lazy(() => z.object({ shopId: ShopId, campaignId: PathId }));
/** DELETE .../coupons/{code}: any text finds nothing rather than 400 (an unknown code is 404). */
export const CouponCodePath = z.lazy(() =>
  z.object({ shopId: ShopId, campaignId: PathId, code: z.string().check(z.minLength(1), z.maxLength(128)) }),
);

export const ListCouponCampaignsQuery = z.lazy(() => z.object({ ...paging(), locale: LocaleParam }));
/** GET .../coupons: a page of a campaign's codes. */
export const ListCouponCodesQuery = z.lazy(() => z.object({ ...paging() }));
export const CouponCampaignQuery = z.lazy(() => z.object({ locale: LocaleParam }));

/**
 * POST /coupon-campaigns. The rules between fields (the amount per type, the currency's decimals,
 * the window's order, a shop currency) are the use case's: lib/domain/coupons/new-campaign.ts.
 */
export const CreateCouponCampaignBody = z.lazy(() =>
  z.strictObject({
    identifier: required(100),
    name: required(200),
    currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code like EUR')),
    minimumOrderValue: z.optional(z.number().check(z.minimum(0))),
    type: z.strictObject({
      name: z.enum(COUPON_TYPES),
      amount: z.optional(z.number()),
      waiveShippingCosts: z.optional(z.boolean()),
    }),
    validFrom: z.optional(Instant),
    validUntil: z.optional(Instant),
    usesPerCode: uses(),
    usesTotal: uses(),
  }),
);
export type CreateCouponCampaignBody = z.output<typeof CreateCouponCampaignBody>;

/** PUT .../coupons, as a form field or JSON. */
export const PutCouponCodeBody = z.lazy(() => z.strictObject({ code: CouponCode }));
