import type { ShopCoupon } from '../catalog/catalog-types';
import { type CouponCampaign, type CouponCode, codeKey } from './coupon-campaign';

/**
 * The `coupons` of a shop file as coupon campaigns (docs/catalog.md "Coupon campaigns"): each
 * becomes a campaign of its own, identified by its code, with that one code, unlimited and always
 * valid, so files written before campaigns existed import unchanged. A percent coupon becomes a
 * PERCENT campaign and an absolute one a FIX campaign with the file's amounts per currency; the
 * campaign's currency is the shop's default.
 */
export function campaignsOfFileCoupons(
  coupons: readonly ShopCoupon[],
  defaultCurrency: string,
  createdOn: string,
): { campaigns: CouponCampaign[]; codes: CouponCode[] } {
  const start = Date.parse(createdOn);
  const campaigns = coupons.map(
    (coupon, i): CouponCampaign => ({
      campaignId: fileCampaignId(coupon.code),
      identifier: coupon.code,
      name: coupon.name,
      currency: defaultCurrency,
      type: coupon.kind === 'percent' ? 'PERCENT' : 'FIX',
      amount: coupon.value,
      minimumOrderValue: coupon.minimumSubtotal,
      waiveShippingCosts: false,
      validFrom: null,
      validUntil: null,
      usesPerCode: null,
      usesTotal: null,
      // A millisecond apart, so the campaign list keeps the file's order.
      createdOn: new Date(start + i).toISOString(),
    }),
  );
  const codes = coupons.map((coupon) => ({ code: coupon.code, campaignId: fileCampaignId(coupon.code) }));
  return { campaigns, codes };
}

/** A stable id, so every import of the same file gives the campaign the same id (and uses). */
function fileCampaignId(code: string): string {
  return `file-${encodeURIComponent(codeKey(code).toLowerCase())}`;
}
