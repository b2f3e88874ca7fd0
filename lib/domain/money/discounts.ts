import type { ShopBasketDiscount, ShopCoupon } from '../catalog/catalog-types';
import { amountIn, type CurrencyAmounts } from './currency-amounts';
import { type Minor, percentOf } from './money';

/**
 * Coupon and basket-discount rules (docs/carts-and-orders.md, docs/money-and-totals.md). Discounts are
 * negative amounts, never larger than what they discount. Amounts and thresholds are those of the
 * cart's currency; a rule with none in that currency does not apply (docs/money-and-totals.md).
 */

/** Why a coupon gives nothing yet: the cart's validationErrors codes (docs/carts-and-orders.md). */
export type CouponValidationError =
  | 'LineItemsSubTotalTooSmall'
  | 'CouponNotFound'
  | 'CurrencyNotSupported'
  | 'CouponNotYetValid'
  | 'CouponExpired';

/** What a coupon takes off: a percent or amounts per currency, from a minimum subtotal. */
export type CouponRule = Pick<ShopCoupon, 'kind' | 'value' | 'minimumSubtotal'>;

/** The cart's currency and the shop's default one (a plain amount in the shop file is in the latter). */
export interface Currencies {
  currency: string;
  defaultCurrency: string;
}

/** A coupon's discount on a subtotal, or the reasons it gives none (it stays on the cart). */
export function couponDiscount(
  coupon: CouponRule | undefined,
  subtotal: Minor,
  currencies: Currencies,
): { amount: Minor; validationErrors: CouponValidationError[] } {
  if (!coupon) return { amount: 0, validationErrors: ['CouponNotFound'] };
  const minimum = coupon.minimumSubtotal === null ? 0 : amountOf(coupon.minimumSubtotal, currencies);
  const amount = ruleAmount(coupon, subtotal, currencies);
  if (minimum === null || amount === null) return { amount: 0, validationErrors: ['CurrencyNotSupported'] };
  if (subtotal < minimum) return { amount: 0, validationErrors: ['LineItemsSubTotalTooSmall'] };
  return { amount: -amount, validationErrors: [] };
}

/**
 * The basket discount that applies: of the rules whose minimum amount the subtotal reaches, the
 * one that saves most. `base` is what it is taken from (the subtotal after the coupon).
 */
export function basketDiscount(
  rules: readonly ShopBasketDiscount[],
  subtotal: Minor,
  base: Minor,
  currencies: Currencies,
): { rule: ShopBasketDiscount; amount: Minor } | null {
  let best: { rule: ShopBasketDiscount; amount: Minor } | null = null;
  for (const rule of basketDiscountsIn(rules, currencies)) {
    if (subtotal < (amountOf(rule.minimumAmount, currencies) as Minor)) continue;
    const amount = -(ruleAmount(rule, base, currencies) as Minor);
    if (!best || amount < best.amount) best = { rule, amount };
  }
  return best;
}

/** The basket discount rules that exist in the cart's currency: minimum and amount set in it. */
export function basketDiscountsIn(
  rules: readonly ShopBasketDiscount[],
  currencies: Currencies,
): ShopBasketDiscount[] {
  return rules.filter(
    (rule) => amountOf(rule.minimumAmount, currencies) !== null && ruleAmount(rule, 0, currencies) !== null,
  );
}

/** The absolute amount of a rule in the cart's currency (null without one), or its percent as text. */
export function ruleFigure(
  rule: Pick<ShopCoupon, 'kind' | 'value'>,
  currencies: Currencies,
): { absolute: Minor | null } | { percent: string } {
  if (rule.kind === 'percent') return { percent: rule.value as string };
  return { absolute: amountOf(rule.value, currencies) };
}

/** The amount of a threshold in the cart's currency; null when the shop set none in it. */
export function amountOf(amounts: CurrencyAmounts, currencies: Currencies): Minor | null {
  return amountIn(amounts, currencies.currency, currencies.defaultCurrency);
}

/**
 * A percent or absolute reduction of `base`, capped at `base` (never below zero); null for an
 * absolute rule without an amount in the cart's currency.
 */
function ruleAmount(
  rule: Pick<ShopCoupon, 'kind' | 'value'>,
  base: Minor,
  currencies: Currencies,
): Minor | null {
  const figure = ruleFigure(rule, currencies);
  if ('absolute' in figure && figure.absolute === null) return null;
  if (base <= 0) return 0;
  const amount = 'percent' in figure ? percentOf(base, figure.percent) : (figure.absolute as Minor);
  return Math.min(amount, base);
}
