import {
  type CouponRule,
  type CouponValidationError,
  type Currencies,
  couponDiscount,
} from '../money/discounts';
import type { Minor } from '../money/money';
import { type CouponCampaign, outsideWindow } from './coupon-campaign';

/** What a campaign's code gives a cart now: an amount off the lines, free shipping, or why not. */
export interface CampaignDiscount {
  amount: Minor;
  waivesShipping: boolean;
  validationErrors: CouponValidationError[];
}

/**
 * The discount of a campaign's code on a line-items subtotal (docs/catalog.md "Coupon campaigns"):
 * none, with the reason, for an unknown code, outside the campaign's window, in a currency it has
 * no amounts for, or below its minimum; else FIX or PERCENT off the lines (never more than they
 * cost) and, with `waiveShippingCosts` (always for SHIPPING), no shipping costs.
 */
export function campaignDiscount(
  campaign: CouponCampaign | null,
  subtotal: Minor,
  currencies: Currencies,
  now: Date,
): CampaignDiscount {
  const none = (error: CouponValidationError) => ({
    amount: 0,
    waivesShipping: false,
    validationErrors: [error],
  });
  if (!campaign) return none('CouponNotFound');
  const window = outsideWindow(campaign, now);
  if (window) return none(window);
  const found = couponDiscount(ruleOf(campaign), subtotal, currencies);
  if (found.validationErrors.length > 0) return { ...found, waivesShipping: false };
  // A SHIPPING coupon takes nothing off the lines: 0, not the money module's -0.
  return { amount: found.amount || 0, waivesShipping: campaign.waiveShippingCosts, validationErrors: [] };
}

/** The campaign as a coupon rule of the money module; SHIPPING takes nothing off the lines. */
function ruleOf(campaign: CouponCampaign): CouponRule {
  return {
    kind: campaign.type === 'FIX' ? 'absolute' : 'percent',
    value: campaign.type === 'SHIPPING' ? '0' : (campaign.amount ?? '0'),
    minimumSubtotal: campaign.minimumOrderValue,
  };
}
