import { QUANTITY_SCALE, quantityUnits } from '../quantity';

/**
 * Exact money: amounts are integers in the currency's minor unit (cents); rates are exact decimals.
 * Every rounding rule of the API lives here and nowhere else (docs/money-and-totals.md).
 * Binary floats never touch an amount: decimal text is parsed digit by digit and products and
 * quotients go through BigInt.
 */

/** An amount in minor units of its currency; always a safe integer. */
export type Minor = number;
export type TaxType = 'GROSS' | 'NET' | 'NONE';

/** The Money object of the spec. */
export interface Money {
  taxType: TaxType;
  formatted: string;
  amount: number;
  currency: string;
}

const digitsCache = new Map<string, number>();

/** Number of minor-unit digits of a currency (2 for EUR, 0 for JPY), from Intl. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal ("12.99", or a JSON number such as 12.99 through its shortest text form) into
 * minor units. Throws a RangeError for more fraction digits than the currency has or for amounts
 * beyond safe integers, so callers can answer 400.
 */
export function parseMoney(value: string | number, currency: string): Minor {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const digits = minorDigits(currency);
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > digits)
    throw new RangeError(`${text} has more than ${digits} decimals for ${currency}`);
  const minor = Number(`${whole}${trimmed.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${text} is too large`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError('not a finite number');
  // Shortest round-trip text; exponent forms only occur for values no price can have.
  const text = String(value);
  if (/e/i.test(text)) throw new RangeError(`amount out of range: ${text}`);
  return text;
}

/** The decimal text of an amount ("12.99", "-0.50"), as orders show totals. */
export function toDecimalString(minor: Minor, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${abs}`;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Locale display text: "€12.99" in en_GB, "12,99 €" in de_DE (`formatted` follows the locale). */
export function formatMoney(minor: Minor, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
  return formatter.format(toDecimalString(minor, currency) as unknown as number);
}

/** The Money object for an amount. */
export function money(minor: Minor, currency: string, locale: string, taxType: TaxType): Money {
  return {
    taxType,
    formatted: formatMoney(minor, currency, locale),
    amount: Number(toDecimalString(minor, currency)),
    currency,
  };
}

/** A percentage rate ("19", "7.7") as an exact fraction numerator over RATE_SCALE percent units. */
const RATE_SCALE = 1_000_000n; // 100 % = RATE_SCALE; rates with up to 4 decimals are exact

function rateUnits(percentage: string): bigint {
  const match = DECIMAL.exec(percentage.trim());
  if (!match || match[1] === '-') throw new RangeError(`not a percentage: ${percentage}`);
  const [, , whole, fraction = ''] = match;
  if (fraction.length > 4) throw new RangeError(`percentage ${percentage} has more than 4 decimals`);
  return BigInt(`${whole}${fraction.padEnd(4, '0')}`);
}

/** Rounds numerator / denominator to the nearest integer, halves away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return Number(negative ? -quotient : quotient);
}

/** `percentage` % of an amount, rounded half away from zero to the minor unit. */
export function percentOf(minor: Minor, percentage: string): Minor {
  return divideRounded(BigInt(minor) * rateUnits(percentage), RATE_SCALE);
}

/**
 * unit price × quantity for a decimal quantity (0.75 kg at 27.90 = 20.925 → 20.93): the exact
 * product of the minor units and the quantity's thousandths, rounded once, half away from zero
 * (half-up for the positive amounts a line has), like every rounding here.
 */
export function priceTimesQuantity(unitPrice: Minor, quantity: number): Minor {
  return divideRounded(BigInt(unitPrice) * BigInt(quantityUnits(quantity)), BigInt(QUANTITY_SCALE));
}

/** net = round(gross / (1 + rate)) to the minor unit (docs/money-and-totals.md). */
export function netFromGross(gross: Minor, percentage: string): Minor {
  return divideRounded(BigInt(gross) * RATE_SCALE, RATE_SCALE + rateUnits(percentage));
}

/** The tax a NET amount carries at a rate: round(net × rate). */
export function taxOnNet(net: Minor, percentage: string): Minor {
  return percentOf(net, percentage);
}

/**
 * Splits an amount over weights in proportion, exactly: the parts always add up to the amount
 * (largest remainder first). Used to spread shipping and discounts over tax classes.
 */
export function allocate(minor: Minor, weights: readonly Minor[]): Minor[] {
  const total = weights.reduce((sum, w) => sum + BigInt(Math.abs(w)), 0n);
  if (total === 0n) return weights.map((_, i) => (i === 0 ? minor : 0));
  const amount = BigInt(minor);
  const sign = amount < 0n ? -1n : 1n;
  const abs = amount * sign;
  const shares = weights.map((w) => (abs * BigInt(Math.abs(w))) / total);
  const remainders = weights.map((w, i) => ({ i, rest: (abs * BigInt(Math.abs(w))) % total }));
  let left = abs - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = (shares[i] as bigint) + 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s * sign));
}

/** Sum of amounts. */
export function sum(amounts: readonly Minor[]): Minor {
  return amounts.reduce((a, b) => a + b, 0);
}

/** A percentage for display ("10%", "10 %"), in the locale's style. */
export function formatPercent(percentage: number, locale: string): string {
  return new Intl.NumberFormat(locale.replace('_', '-'), {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percentage / 100);
}

/** How much cheaper `reduced` is than `regular`, in percent with two decimals (display only). */
export function savingsPercent(regular: Minor, reduced: Minor, locale: string) {
  const percentage = regular === 0 ? 0 : Math.round(((regular - reduced) * 10000) / regular) / 100;
  return { percentage, formatted: formatPercent(percentage, locale) };
}
