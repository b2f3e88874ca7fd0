import { parseMoney, toDecimalString } from '../money/money';
import { EAN_RULE, isValidEan } from './ean';

/**
 * The values a product write takes (docs/catalog.md "Product writes", POST and PATCH),
 * each checked alike for `POST /products` and `PATCH /products/{p}`: the value as stored, or why it
 * is refused (the caller names the field: `ean`, `[2].value`).
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refused = (message: string): Checked<never> => ({ ok: false, message });

/** Longest text of a description-like field (HTML), and of the short ones. */
const MAX_LONG_TEXT = 50_000;
const MAX_SHORT_TEXT = 1_000;
/** Longest product number; numbers are compared exactly (case included), as the import does. */
export const MAX_PRODUCT_NUMBER = 64;
/** Most search keywords, and the longest one. */
const MAX_KEYWORDS = 100;
const MAX_KEYWORD = 200;
/** Largest dimension or weight amount: a sanity bound, not a business rule. */
const MAX_AMOUNT = 1e9;

/** A product number: 1-64 characters, not blank. */
export function productNumberValue(value: unknown): Checked<string> {
  if (typeof value !== 'string') return refused('expected a string');
  if (value.trim() === '' || value.length > MAX_PRODUCT_NUMBER)
    return refused(`expected 1-${MAX_PRODUCT_NUMBER} characters, not blank`);
  return ok(value);
}

/** A text field; `long` for descriptions (HTML). */
export function textValue(value: unknown, long = false): Checked<string> {
  if (typeof value !== 'string') return refused('expected a string');
  const max = long ? MAX_LONG_TEXT : MAX_SHORT_TEXT;
  return value.length > max ? refused(`expected at most ${max} characters`) : ok(value);
}

export function eanValue(value: unknown): Checked<string> {
  return typeof value === 'string' && isValidEan(value) ? ok(value) : refused(EAN_RULE);
}

export function keywordsValue(value: unknown): Checked<string[]> {
  if (!Array.isArray(value) || value.some((k) => typeof k !== 'string'))
    return refused('expected an array of strings');
  if (value.length > MAX_KEYWORDS || value.some((k: string) => k.length > MAX_KEYWORD))
    return refused(`expected at most ${MAX_KEYWORDS} keywords of at most ${MAX_KEYWORD} characters`);
  return ok(value as string[]);
}

/** An amount of money ≥ 0 in a currency, as the exact decimal string the catalog stores. */
export function priceValue(value: unknown, currency: string): Checked<string> {
  if (typeof value !== 'number' || !Number.isFinite(value)) return refused('expected a number');
  if (value < 0) return refused('expected a number ≥ 0');
  try {
    return ok(toDecimalString(parseMoney(value, currency), currency));
  } catch (error) {
    return refused(error instanceof RangeError ? error.message : 'expected an amount');
  }
}

/** A length (mm) or weight amount: a number ≥ 0. */
export function measureValue(value: unknown): Checked<number> {
  if (typeof value !== 'number' || !Number.isFinite(value)) return refused('expected a number');
  if (value < 0 || value > MAX_AMOUNT) return refused('expected a number ≥ 0');
  return ok(value);
}

export function booleanValue(value: unknown): Checked<boolean> {
  return typeof value === 'boolean' ? ok(value) : refused('expected true or false');
}

/** The units a delivery weight may be given in (docs/catalog.md "Product writes"). */
export const WEIGHT_UNITS = ['g', 'kg', 'mg', 'oz', 'lb', 't'] as const;

/** The id of one of the shop's tax classes. */
export function taxClassValue(value: unknown, taxClassIds: ReadonlySet<string>): Checked<string> {
  if (typeof value !== 'string') return refused('expected a tax class id');
  return taxClassIds.has(value) ? ok(value) : refused(`unknown tax class ${value}`);
}
