import { type Minor, parseMoney } from './money';

/**
 * A shop's money threshold or discount amount (minimum cart, minimum subtotals, absolute coupons and
 * basket discounts): one decimal string per currency the shop sells in. A plain decimal string, as
 * import files written before shops sold in several currencies have it, is an amount in the shop's
 * default currency only (docs/money-and-totals.md "Several currencies").
 */
export type CurrencyAmounts = string | Record<string, string>;

/**
 * The amount in `currency`, in minor units; null when the shop set none in that currency (the
 * caller decides what a rule without an amount means: each documents it).
 */
export function amountIn(amounts: CurrencyAmounts, currency: string, defaultCurrency: string): Minor | null {
  const decimal =
    typeof amounts === 'string' ? (currency === defaultCurrency ? amounts : undefined) : amounts[currency];
  return decimal === undefined ? null : parseMoney(decimal, currency);
}
