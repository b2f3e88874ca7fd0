import { describe, expect, it } from 'vitest';
import { quantityProblem } from '../../lib/domain/cart/cart-lines';
import { formatQuantity } from '../../lib/domain/documents/pdf-format';
import { priceTimesQuantity } from '../../lib/domain/money/money';
import {
  addQuantities,
  fromUnits,
  isExactQuantity,
  isMultipleOf,
  quantityAtLeast,
  quantityText,
  quantityUnits,
} from '../../lib/domain/quantity';

describe('quantityUnits', () => {
  it('reads a JSON number as exact thousandths through its decimal text', () => {
    // Act
    const units = [0.75, 1.25, 0.001, 2, 0.1, 100000].map(quantityUnits);

    // Assess
    expect(units).toEqual([750, 1250, 1, 2000, 100, 100_000_000]);
  });

  it('refuses more than three decimals, negatives, non-finite and exponent forms', () => {
    // Prepare
    const bad = [0.0005, 1.2345, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e-7, 1e21];

    // Act
    const results = bad.map(isExactQuantity);

    // Assess
    expect(results).toEqual(bad.map(() => false));
    expect(() => quantityUnits(1.2345)).toThrow(RangeError);
  });

  it('writes thousandths back as the shortest decimal', () => {
    expect([750, 1250, 2000, 1, 0].map(fromUnits)).toEqual([0.75, 1.25, 2, 0.001, 0]);
    expect(quantityText(0.75)).toBe('0.75');
    expect(quantityText(3)).toBe('3');
  });
});

describe('quantity arithmetic', () => {
  it('adds without float drift (0.1 + 0.2 = 0.3)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(addQuantities(0.75, 0.5)).toBe(1.25);
  });

  it('tests whole multiples exactly, where float remainders fail', () => {
    // 0.3 % 0.1 is 0.09999999999999998 in floats, though 0.3 is three times 0.1.
    expect(0.3 % 0.1).not.toBe(0);
    expect(isMultipleOf(0.3, 0.1)).toBe(true);
    expect(isMultipleOf(1.25, 0.25)).toBe(true);
    expect(isMultipleOf(1.3, 0.25)).toBe(false);
    expect(isMultipleOf(4, 2)).toBe(true);
    expect(isMultipleOf(5, 2)).toBe(false);
  });

  it('compares exactly', () => {
    expect(quantityAtLeast(0.25, 0.25)).toBe(true);
    expect(quantityAtLeast(0.249, 0.25)).toBe(false);
    expect(quantityAtLeast(1.25, 1)).toBe(true);
  });
});

describe('priceTimesQuantity', () => {
  it('multiplies minor units by a decimal quantity, rounding once, halves up', () => {
    // 27.90 × 0.75 = 20.925 → 20.93; 27.90 × 1.25 = 34.875 → 34.88; 25.90 × 1.25 = 32.375 → 32.38
    expect(priceTimesQuantity(2790, 0.75)).toBe(2093);
    expect(priceTimesQuantity(2790, 1.25)).toBe(3488);
    expect(priceTimesQuantity(2590, 1.25)).toBe(3238);
    // below the half: 0.10 × 0.333 = 0.0333 → 0.03; exact products stay exact
    expect(priceTimesQuantity(10, 0.333)).toBe(3);
    expect(priceTimesQuantity(1490, 2)).toBe(2980);
  });

  it('agrees with the exact rational product on a seeded sweep', () => {
    for (let i = 1; i <= 2000; i++) {
      const unitPrice = (i * 7919) % 100_000;
      const units = (i * 104_729) % 5_000_000;
      const exact = BigInt(unitPrice) * BigInt(units);
      const expected = Number((exact + 500n) / 1000n);
      expect(priceTimesQuantity(unitPrice, fromUnits(units))).toBe(expected);
    }
  });
});

describe('quantityProblem with decimal rules', () => {
  const coffee = { minOrder: 0.25, intervalOrder: 0.25 };

  it('accepts multiples of 0.25 from 0.25', () => {
    const problems = [0.25, 0.75, 1.25, 10].map((q) => quantityProblem(coffee, q, 'coffee'));

    expect(problems).toEqual([null, null, null, null]);
  });

  it('names the rule a quantity breaks', () => {
    expect(quantityProblem(coffee, 0.125, 'coffee')).toBe('Quantity of coffee must be at least 0.25');
    expect(quantityProblem(coffee, 0.7, 'coffee')).toBe('Quantity of coffee must be a multiple of 0.25');
    expect(quantityProblem(coffee, 0.7501, 'coffee')).toBe(
      'Quantity of coffee must be a positive number with at most 3 decimals',
    );
    expect(quantityProblem(coffee, 0, 'coffee')).toBe(
      'Quantity of coffee must be a positive number with at most 3 decimals',
    );
  });
});

describe('formatQuantity', () => {
  it('prints the exact decimal in the locale with the unit', () => {
    expect(formatQuantity(0.75, 'kg', 'en-GB')).toBe('0.75 kg');
    expect(formatQuantity(1.25, 'kg', 'de-DE')).toBe('1,25 kg');
    expect(formatQuantity(2, 'pc.', 'en-GB')).toBe('2 pc.');
  });
});
