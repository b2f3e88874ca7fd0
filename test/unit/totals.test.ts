import { describe, expect, it } from 'vitest';
import { netFromGross, percentOf, sum } from '../../lib/domain/money/money';
import {
  chargeTaxes,
  computeTotals,
  type TaxClassRef,
  type TotalsInput,
  taxLine,
} from '../../lib/domain/money/totals';

const standard: TaxClassRef = { taxClassId: 'standard', name: 'Standard', percentage: '19' };
const reduced: TaxClassRef = { taxClassId: 'reduced', name: 'Reduced', percentage: '7' };
const zero: TaxClassRef = { taxClassId: 'zero', name: 'Zero', percentage: '0' };

/** Deterministic pseudo-random integers (mulberry32), so failures are reproducible. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (min: number, max: number): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(unit * (max - min + 1));
  };
}

describe('computeTotals for GROSS carts', () => {
  it('takes net and tax out of each tax class', () => {
    // Prepare
    const input: TotalsInput = {
      taxType: 'GROSS',
      lines: [
        { amount: 1190, taxClass: standard },
        { amount: 1070, taxClass: reduced },
      ],
      charges: [],
      discounts: [],
      fallbackTaxClass: standard,
    };

    // Act
    const totals = computeTotals(input);

    // Assess
    expect(totals.taxes).toEqual([
      { taxClass: standard, net: 1000, tax: 190, gross: 1190 },
      { taxClass: reduced, net: 1000, tax: 70, gross: 1070 },
    ]);
    expect(totals.lineItemsSubTotal).toBe(2260);
    expect(totals.totalBeforeTax).toBe(2000);
    expect(totals.totalTax).toBe(260);
    expect(totals.grandTotal).toBe(2260);
    expect(totals.totalBeforeTax + totals.totalTax).toBe(totals.grandTotal);
  });

  it('rounds the net per tax class, not per line', () => {
    // Prepare: two lines of 999 each in one class
    const input: TotalsInput = {
      taxType: 'GROSS',
      lines: [
        { amount: 999, taxClass: standard },
        { amount: 999, taxClass: standard },
        { amount: 1000, taxClass: reduced },
      ],
      charges: [],
      discounts: [],
      fallbackTaxClass: standard,
    };

    // Act
    const totals = computeTotals(input);

    // Assess
    expect(totals.taxes).toHaveLength(2);
    expect(totals.taxes[0]).toMatchObject({ gross: 1998, net: netFromGross(1998, '19'), tax: 319 });
    expect(totals.taxes[1]).toMatchObject({ gross: 1000, net: 935, tax: 65 });
    expect(totals.totalBeforeTax).toBe(1679 + 935);
    expect(totals.totalTax).toBe(319 + 65);
    expect(totals.grandTotal).toBe(2998);
  });

  it('spreads charges and discounts over the tax classes in proportion', () => {
    // Prepare: shipping 5.00 and a coupon of -3.00 over 11.90 (19 %) and 10.70 (7 %)
    const input: TotalsInput = {
      taxType: 'GROSS',
      lines: [
        { amount: 1190, taxClass: standard },
        { amount: 1070, taxClass: reduced },
      ],
      charges: [500],
      discounts: [-300],
      fallbackTaxClass: standard,
    };

    // Act
    const totals = computeTotals(input);

    // Assess: 500 → [263, 237]; -300 → [-158, -142]
    expect(totals.taxes).toEqual([
      { taxClass: standard, gross: 1295, net: 1088, tax: 207 },
      { taxClass: reduced, gross: 1165, net: 1089, tax: 76 },
    ]);
    expect(totals.lineItemsSubTotal).toBe(2260);
    expect(totals.grandTotal).toBe(2260 + 500 - 300);
    expect(totals.totalBeforeTax).toBe(2177);
    expect(totals.totalTax).toBe(283);
    expect(totals.totalBeforeTax + totals.totalTax).toBe(totals.grandTotal);
  });

  it('uses the fallback tax class for an empty cart', () => {
    // Prepare
    const input: TotalsInput = {
      taxType: 'GROSS',
      lines: [],
      charges: [500],
      discounts: [],
      fallbackTaxClass: standard,
    };

    // Act
    const totals = computeTotals(input);

    // Assess
    expect(totals.taxes).toEqual([{ taxClass: standard, gross: 500, net: 420, tax: 80 }]);
    expect(totals.lineItemsSubTotal).toBe(0);
    expect(totals.grandTotal).toBe(500);
  });

  it('answers zeros for an empty cart without charges', () => {
    // Prepare
    const input: TotalsInput = {
      taxType: 'GROSS',
      lines: [],
      charges: [],
      discounts: [],
      fallbackTaxClass: reduced,
    };

    // Act
    const totals = computeTotals(input);

    // Assess
    expect(totals).toEqual({
      lineItemsSubTotal: 0,
      grandTotal: 0,
      totalBeforeTax: 0,
      totalTax: 0,
      taxes: [{ taxClass: reduced, gross: 0, net: 0, tax: 0 }],
    });
  });

  it('lists tax classes in order of first appearance', () => {
    // Prepare
    const input: TotalsInput = {
      taxType: 'GROSS',
      lines: [
        { amount: 100, taxClass: reduced },
        { amount: 100, taxClass: zero },
        { amount: 100, taxClass: reduced },
        { amount: 100, taxClass: standard },
      ],
      charges: [],
      discounts: [],
      fallbackTaxClass: standard,
    };

    // Act
    const totals = computeTotals(input);

    // Assess
    expect(totals.taxes.map((t) => t.taxClass.taxClassId)).toEqual(['reduced', 'zero', 'standard']);
    expect(totals.taxes.map((t) => t.gross)).toEqual([200, 100, 100]);
  });
});

describe('computeTotals for NET carts', () => {
  it('adds tax per tax class on top of the net amounts', () => {
    // Prepare
    const input: TotalsInput = {
      taxType: 'NET',
      lines: [
        { amount: 1000, taxClass: standard },
        { amount: 1000, taxClass: reduced },
      ],
      charges: [],
      discounts: [],
      fallbackTaxClass: standard,
    };

    // Act
    const totals = computeTotals(input);

    // Assess
    expect(totals.taxes).toEqual([
      { taxClass: standard, net: 1000, tax: 190, gross: 1190 },
      { taxClass: reduced, net: 1000, tax: 70, gross: 1070 },
    ]);
    expect(totals.lineItemsSubTotal).toBe(2000);
    expect(totals.totalBeforeTax).toBe(2000);
    expect(totals.totalTax).toBe(260);
    expect(totals.grandTotal).toBe(totals.totalBeforeTax + totals.totalTax);
    expect(totals.grandTotal).toBe(2260);
  });

  it('taxes charges and discounts in the class they are spread to', () => {
    // Prepare
    const input: TotalsInput = {
      taxType: 'NET',
      lines: [
        { amount: 3000, taxClass: standard },
        { amount: 1000, taxClass: reduced },
      ],
      charges: [400],
      discounts: [-200],
      fallbackTaxClass: standard,
    };

    // Act
    const totals = computeTotals(input);

    // Assess: 400 → [300, 100]; -200 → [-150, -50]
    expect(totals.taxes).toEqual([
      { taxClass: standard, net: 3150, tax: 599, gross: 3749 },
      { taxClass: reduced, net: 1050, tax: 74, gross: 1124 },
    ]);
    expect(totals.totalBeforeTax).toBe(4200);
    expect(totals.totalTax).toBe(673);
    expect(totals.grandTotal).toBe(4873);
  });
});

describe('taxLine', () => {
  it('splits a gross amount and grosses up a net amount', () => {
    // Prepare
    const amount = 1000;

    // Act
    const gross = taxLine(standard, amount, 'GROSS');
    const net = taxLine(standard, amount, 'NET');

    // Assess
    expect(gross).toEqual({ taxClass: standard, net: 840, tax: 160, gross: 1000 });
    expect(net).toEqual({ taxClass: standard, net: 1000, tax: 190, gross: 1190 });
  });
});

describe('chargeTaxes', () => {
  it('lists the tax a shipping charge carries per tax class', () => {
    // Prepare
    const lines = [
      { amount: 1190, taxClass: standard },
      { amount: 1070, taxClass: reduced },
    ];

    // Act
    const taxes = chargeTaxes(500, { taxType: 'GROSS', lines, fallbackTaxClass: standard });

    // Assess: 500 → [263, 237]
    expect(taxes).toEqual([
      { taxClass: standard, tax: 263 - netFromGross(263, '19') },
      { taxClass: reduced, tax: 237 - netFromGross(237, '7') },
    ]);
  });

  it('uses the fallback class for a cart without lines', () => {
    // Prepare
    const input = { taxType: 'NET' as const, lines: [], fallbackTaxClass: reduced };

    // Act
    const taxes = chargeTaxes(500, input);

    // Assess
    expect(taxes).toEqual([{ taxClass: reduced, tax: 35 }]);
  });
});

describe('computeTotals invariants (seeded property loop)', () => {
  it('always adds up, for both tax types', () => {
    // Prepare
    const random = seeded(1234567);
    const classes = [standard, reduced, zero, { taxClassId: 'odd', name: 'Odd', percentage: '7.7' }];
    const failures: string[] = [];

    // Act
    for (let run = 0; run < 1500; run++) {
      const taxType = random(0, 1) === 0 ? 'GROSS' : 'NET';
      const lines = Array.from({ length: random(0, 6) }, () => ({
        amount: random(0, 500_000),
        taxClass: classes[random(0, classes.length - 1)] as TaxClassRef,
      }));
      const charges = Array.from({ length: random(0, 2) }, () => random(0, 10_000));
      const subTotal = sum(lines.map((l) => l.amount));
      const discounts = Array.from({ length: random(0, 2) }, () => -random(0, Math.floor(subTotal / 3)));
      const input: TotalsInput = { taxType, lines, charges, discounts, fallbackTaxClass: standard };
      const totals = computeTotals(input);
      const extras = sum(charges) + sum(discounts);
      const problems = [
        totals.lineItemsSubTotal !== subTotal && 'subtotal',
        totals.totalBeforeTax + totals.totalTax !== totals.grandTotal && 'before + tax',
        sum(totals.taxes.map((t) => t.gross)) !== totals.grandTotal && 'sum of gross',
        sum(totals.taxes.map((t) => t.net)) !== totals.totalBeforeTax && 'sum of net',
        sum(totals.taxes.map((t) => t.tax)) !== totals.totalTax && 'sum of tax',
        totals.taxes.some((t) => t.net + t.tax !== t.gross) && 'net + tax per class',
        taxType === 'GROSS' && totals.grandTotal !== subTotal + extras && 'GROSS grand total',
        taxType === 'NET' && totals.totalBeforeTax !== subTotal + extras && 'NET total before tax',
        taxType === 'NET' &&
          totals.taxes.some((t) => t.tax !== percentOf(t.net, t.taxClass.percentage)) &&
          'NET tax per class',
        new Set(totals.taxes.map((t) => t.taxClass.taxClassId)).size !== totals.taxes.length &&
          'one entry per class',
      ].filter(Boolean);
      if (problems.length > 0) failures.push(`${problems.join(', ')}: ${JSON.stringify(input)}`);
    }

    // Assess
    expect(failures).toEqual([]);
  });
});
