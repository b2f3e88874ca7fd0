import { allocate, type Minor, netFromGross, sum, taxOnNet } from './money';

/**
 * Cart and order totals with taxes per tax class, for GROSS and NET carts
 * (docs/money-and-totals.md). Pure: amounts in, amounts out.
 */

export interface TaxClassRef {
  taxClassId: string;
  name: string;
  /** Rate in percent as exact decimal text ("19"). */
  percentage: string;
}

export interface TotalsInput {
  /** GROSS: amounts include tax; NET: tax is added per tax class. */
  taxType: 'GROSS' | 'NET';
  /** Line totals (unit price × quantity) with their tax class. */
  lines: readonly { amount: Minor; taxClass: TaxClassRef }[];
  /** Shipping and payment charges; spread over the lines' tax classes in proportion. */
  charges: readonly Minor[];
  /** Coupon and basket discounts (negative); spread like the charges. */
  discounts: readonly Minor[];
  /** Tax class of charges when the cart has no lines. */
  fallbackTaxClass: TaxClassRef;
}

export interface TaxLine {
  taxClass: TaxClassRef;
  net: Minor;
  tax: Minor;
  gross: Minor;
}

export interface Totals {
  lineItemsSubTotal: Minor;
  grandTotal: Minor;
  totalBeforeTax: Minor;
  totalTax: Minor;
  /** One entry per tax class in use, in order of first appearance. */
  taxes: TaxLine[];
}

/** Computes totals; every figure is exact and the parts always add up to the whole. */
export function computeTotals(input: TotalsInput): Totals {
  const classes = new Map<string, { taxClass: TaxClassRef; amount: Minor }>();
  for (const line of input.lines) {
    const entry = classes.get(line.taxClass.taxClassId) ?? { taxClass: line.taxClass, amount: 0 };
    entry.amount += line.amount;
    classes.set(line.taxClass.taxClassId, entry);
  }
  if (classes.size === 0)
    classes.set(input.fallbackTaxClass.taxClassId, { taxClass: input.fallbackTaxClass, amount: 0 });

  const entries = [...classes.values()];
  const weights = entries.map((e) => e.amount);
  const bases = entries.map((e) => e.amount);
  for (const extra of [...input.charges, ...input.discounts]) {
    allocate(extra, weights).forEach((share, i) => {
      bases[i] = (bases[i] as Minor) + share;
    });
  }

  const taxes = entries.map((entry, i) => taxLine(entry.taxClass, bases[i] as Minor, input.taxType));
  const totalBeforeTax = sum(taxes.map((t) => t.net));
  const totalTax = sum(taxes.map((t) => t.tax));
  return {
    lineItemsSubTotal: sum(input.lines.map((l) => l.amount)),
    grandTotal: totalBeforeTax + totalTax,
    totalBeforeTax,
    totalTax,
    taxes,
  };
}

/** Net, tax and gross of an amount in one tax class, given in the cart's tax type. */
export function taxLine(taxClass: TaxClassRef, amount: Minor, taxType: 'GROSS' | 'NET'): TaxLine {
  if (taxType === 'GROSS') {
    const net = netFromGross(amount, taxClass.percentage);
    return { taxClass, net, tax: amount - net, gross: amount };
  }
  const tax = taxOnNet(amount, taxClass.percentage);
  return { taxClass, net: amount, tax, gross: amount + tax };
}

/**
 * The tax contained in one charge (shipping), per tax class, spread like computeTotals spreads it:
 * what the spec's `shippingData.taxes` lists.
 */
export function chargeTaxes(
  charge: Minor,
  input: Pick<TotalsInput, 'lines' | 'taxType' | 'fallbackTaxClass'>,
): { taxClass: TaxClassRef; tax: Minor }[] {
  const totals = computeTotals({ ...input, lines: input.lines, charges: [], discounts: [] });
  const shares = allocate(
    charge,
    totals.taxes.map((t) => (input.taxType === 'GROSS' ? t.gross : t.net)),
  );
  return totals.taxes.map((t, i) => ({
    taxClass: t.taxClass,
    tax: taxLine(t.taxClass, shares[i] as Minor, input.taxType).tax,
  }));
}
