import type { ShopBasketDiscount, ShopCoupon } from '../schemas/shop-file';
import { type Minor, parseMoney, percentOf } from './money';

/**
 * Coupon and basket-discount rules (contract "Carts" and "Totals and money"). Discounts are
 * negative amounts, never larger than what they discount.
 */

/** Why a coupon gives nothing yet: the contract's validationErrors codes. */
export type CouponValidationError = 'LineItemsSubTotalTooSmall' | 'CouponNotFound';

/** A coupon's discount on a subtotal, or the reasons it gives none (it stays on the cart). */
export function couponDiscount(
  coupon: ShopCoupon | undefined,
  subtotal: Minor,
  currency: string,
): { amount: Minor; validationErrors: CouponValidationError[] } {
  if (!coupon) return { amount: 0, validationErrors: ['CouponNotFound'] };
  if (coupon.minimumSubtotal !== null && subtotal < parseMoney(coupon.minimumSubtotal, currency)) {
    return { amount: 0, validationErrors: ['LineItemsSubTotalTooSmall'] };
  }
  return { amount: -ruleAmount(coupon.kind, coupon.value, subtotal, currency), validationErrors: [] };
}

/**
 * The basket discount that applies: of the rules whose minimum amount the subtotal reaches, the
 * one that saves most. `base` is what it is taken from (the subtotal after the coupon).
 */
export function basketDiscount(
  rules: readonly ShopBasketDiscount[],
  subtotal: Minor,
  base: Minor,
  currency: string,
): { rule: ShopBasketDiscount; amount: Minor } | null {
  let best: { rule: ShopBasketDiscount; amount: Minor } | null = null;
  for (const rule of rules) {
    if (subtotal < parseMoney(rule.minimumAmount, currency)) continue;
    const amount = -ruleAmount(rule.kind, rule.value, base, currency);
    if (!best || amount < best.amount) best = { rule, amount };
  }
  return best;
}

/** A percent or absolute reduction of `base`, capped at `base` (never below zero). */
function ruleAmount(kind: 'percent' | 'absolute', value: string, base: Minor, currency: string): Minor {
  if (base <= 0) return 0;
  const amount = kind === 'percent' ? percentOf(base, value) : parseMoney(value, currency);
  return Math.min(amount, base);
}
