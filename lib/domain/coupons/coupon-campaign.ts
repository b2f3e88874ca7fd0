import type { LocalizedText } from '../catalog/catalog-types';
import type { CurrencyAmounts } from '../money/currency-amounts';

/**
 * Coupon campaigns and their codes (docs/catalog.md "Coupon campaigns"). Both are catalog items: they
 * change at merchant rate and every cart view prices its coupon from memory. Their uses change at
 * checkout rate, so they are counters beside the catalog (lib/data/coupons/coupon-uses.ts).
 */

export const COUPON_TYPES = ['FIX', 'PERCENT', 'SHIPPING'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export interface CouponCampaign {
  campaignId: string;
  identifier: string;
  name: LocalizedText;
  /** The campaign's currency: FIX amounts and the minimum are in it (file coupons may have more). */
  currency: string;
  type: CouponType;
  /**
   * FIX: the amount off per currency; PERCENT: the percent as text ("10"); SHIPPING: null. A
   * campaign made through the API has one currency; one imported from a shop file's `coupons` may
   * have several, as the file had.
   */
  amount: CurrencyAmounts | null;
  /** The least line-items subtotal per currency; null: none. */
  minimumOrderValue: CurrencyAmounts | null;
  waiveShippingCosts: boolean;
  validFrom: string | null;
  validUntil: string | null;
  /** Redemptions allowed per code and per campaign; null: unlimited. */
  usesPerCode: number | null;
  usesTotal: number | null;
  createdOn: string;
}

/** A code of a campaign, as typed by its creator; looked up in any case. */
export interface CouponCode {
  code: string;
  campaignId: string;
}

/** A code: 1–64 letters, digits, `-` or `_` (docs/catalog.md "Coupon campaigns"). */
export const COUPON_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The catalog key of a code: codes are unique in the shop regardless of case. */
export function codeKey(code: string): string {
  return code.toUpperCase();
}

/** The campaign a code belongs to, if both exist (a code outliving its campaign counts as none). */
export function campaignOfCode(
  coupons: {
    couponCodes: ReadonlyMap<string, CouponCode>;
    couponCampaigns: ReadonlyMap<string, CouponCampaign>;
  },
  code: string,
): { code: CouponCode; campaign: CouponCampaign } | null {
  const found = coupons.couponCodes.get(codeKey(code));
  const campaign = found ? coupons.couponCampaigns.get(found.campaignId) : undefined;
  return found && campaign ? { code: found, campaign } : null;
}

/** Where `now` lies against the campaign's window: null inside it. */
export function outsideWindow(
  campaign: Pick<CouponCampaign, 'validFrom' | 'validUntil'>,
  now: Date,
): 'CouponNotYetValid' | 'CouponExpired' | null {
  if (campaign.validFrom !== null && now < new Date(campaign.validFrom)) return 'CouponNotYetValid';
  if (campaign.validUntil !== null && now >= new Date(campaign.validUntil)) return 'CouponExpired';
  return null;
}

/** The campaigns oldest first (the list's order). */
export function byCreation(campaigns: Iterable<CouponCampaign>): CouponCampaign[] {
  return [...campaigns].sort(
    (a, b) => a.createdOn.localeCompare(b.createdOn) || a.campaignId.localeCompare(b.campaignId),
  );
}

const codesByCampaign = new WeakMap<ReadonlyMap<string, CouponCode>, Map<string, string[]>>();

/**
 * A campaign's codes as typed, sorted: grouped once per catalog version (the codes map is the
 * version's own), so a page of them costs a lookup, not a pass over every code of the shop.
 */
export function campaignCodes(codes: ReadonlyMap<string, CouponCode>, campaignId: string): readonly string[] {
  let grouped = codesByCampaign.get(codes);
  if (!grouped) {
    grouped = new Map();
    for (const { code, campaignId: owner } of codes.values()) {
      const list = grouped.get(owner) ?? [];
      list.push(code);
      grouped.set(owner, list);
    }
    for (const list of grouped.values()) list.sort();
    codesByCampaign.set(codes, grouped);
  }
  return grouped.get(campaignId) ?? [];
}
