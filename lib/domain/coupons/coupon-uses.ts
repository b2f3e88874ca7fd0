import { StateConflict } from '../errors';
import type { CouponCampaign } from './coupon-campaign';

/** How often a campaign and one of its codes were redeemed so far. */
export interface CouponUses {
  campaign: number;
  code: number;
}

/** Redemptions left for a code now: the tighter of its two limits, never below 0; null: unlimited. */
export function usesLeft(
  campaign: Pick<CouponCampaign, 'usesPerCode' | 'usesTotal'>,
  uses: CouponUses,
): number | null {
  const left = [
    campaign.usesPerCode === null ? null : campaign.usesPerCode - uses.code,
    campaign.usesTotal === null ? null : campaign.usesTotal - uses.campaign,
  ].filter((n): n is number => n !== null);
  return left.length === 0 ? null : Math.max(0, Math.min(...left));
}

/**
 * The 409 of a coupon that cannot be redeemed (docs/catalog.md "Coupon campaigns"): no use
 * left, or its campaign or code deleted. `field` is the coupon's field in the request's terms.
 */
export function couponUsedUp(field: string, code: string, reason = 'has no use left'): StateConflict {
  return new StateConflict('Coupon not available', [
    { field, message: `Coupon ${code} ${reason}`, available: 0 },
  ]);
}

/** Where checkout names the cart's coupon in its 409. */
export const CHECKOUT_COUPON_FIELD = 'lineItemContainer.couponLineItem';
