/**
 * Exact decimal quantities (docs/carts-and-orders.md "Carts and checkout": "a positive number, at least the
 * product's minOrder, a whole multiple of intervalOrder"), for goods sold by weight or length (0.75 kg). A
 * quantity travels as a JSON number with at most QUANTITY_DECIMALS decimals; every sum, comparison and
 * product works on integer thousandths read from the number's decimal text, never on the float.
 */

/** Most decimals a quantity, minOrder, intervalOrder or bulk tier may have. */
export const QUANTITY_DECIMALS = 3;
/** Thousandths per unit: a quantity of 0.75 is 750 units of this scale. */
export const QUANTITY_SCALE = 10 ** QUANTITY_DECIMALS;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A non-negative quantity as integer thousandths (0.75 → 750), read from the number's shortest
 * decimal text (what the client wrote in JSON). Throws a RangeError for a negative, non-finite or
 * exponent-form number, or one with more than QUANTITY_DECIMALS decimals.
 */
export function quantityUnits(quantity: number): number {
  if (!Number.isFinite(quantity)) throw new RangeError('not a finite number');
  const text = String(quantity);
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a plain non-negative decimal: ${text}`);
  const [, whole, fraction = ''] = match;
  if (fraction.length > QUANTITY_DECIMALS)
    throw new RangeError(`${text} has more than ${QUANTITY_DECIMALS} decimals`);
  const units = Number(`${whole}${fraction.padEnd(QUANTITY_DECIMALS, '0')}`);
  if (!Number.isSafeInteger(units)) throw new RangeError(`${text} is too large`);
  return units;
}

/** Whether a number is a valid quantity text: finite, non-negative, at most QUANTITY_DECIMALS decimals. */
export function isExactQuantity(quantity: number): boolean {
  try {
    quantityUnits(quantity);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a number has at most QUANTITY_DECIMALS decimals, whatever its sign: a schema check that
 * leaves the sign to its own "positive" rule, so a client sees one error per mistake.
 */
export function hasQuantityDecimals(quantity: number): boolean {
  return isExactQuantity(Math.abs(quantity));
}

/** The decimal text of a quantity in thousandths (750 → "0.75", 2000 → "2"). */
export function unitsText(units: number): string {
  const digits = String(units).padStart(QUANTITY_DECIMALS + 1, '0');
  const whole = digits.slice(0, -QUANTITY_DECIMALS);
  const fraction = digits.slice(-QUANTITY_DECIMALS).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The quantity (a JSON number) of integer thousandths: 750 → 0.75. */
export function fromUnits(units: number): number {
  return Number(unitsText(units));
}

/** The exact decimal text of a quantity ("0.75"), for display without float formatting. */
export function quantityText(quantity: number): string {
  return unitsText(quantityUnits(quantity));
}

/** a + b, exactly (0.1 + 0.2 = 0.3). */
export function addQuantities(a: number, b: number): number {
  return fromUnits(quantityUnits(a) + quantityUnits(b));
}

/** a ≥ b, compared exactly. */
export function quantityAtLeast(a: number, b: number): boolean {
  return quantityUnits(a) >= quantityUnits(b);
}

/** Whether `quantity` is a whole multiple of `interval` (1.25 of 0.25: yes; 1.3 of 0.25: no). */
export function isMultipleOf(quantity: number, interval: number): boolean {
  const step = quantityUnits(interval);
  return step > 0 && quantityUnits(quantity) % step === 0;
}
