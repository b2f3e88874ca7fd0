import { fromUnits, quantityUnits } from '../quantity';

/**
 * Stock as docs/inventory.md "The rules" states it: exact decimals in
 * the product's order unit, carried here as integer thousandths like cart quantities
 * (lib/domain/quantity.ts), so 12.75 kg is 12,750 units and no sum ever touches a float.
 */

export type Availability = 'OnStock' | 'WarnStock' | 'OutStock';

/** A stock level (any sign, at most 3 decimals) as integer thousandths: −2.5 → −2,500. */
export function stockUnits(level: number): number {
  const units = quantityUnits(Math.abs(level));
  return level < 0 ? -units : units;
}

/** The stock level (a JSON number) of integer thousandths. */
export function stockLevel(units: number): number {
  return units < 0 ? -fromUnits(-units) : fromUnits(units);
}

/**
 * First match wins: OutStock when tracked and at most 0; WarnStock when tracked, a minimum is set
 * and the stock is at most that minimum; otherwise OnStock (untracked products included).
 */
export function availabilityOf(stock: number | null, minStock: number | null): Availability {
  if (stock === null) return 'OnStock';
  if (stock <= 0) return 'OutStock';
  if (minStock !== null && stock <= minStock) return 'WarnStock';
  return 'OnStock';
}

/** What can be sold of a stock: anything at or below zero counts as none. */
export function sellable(units: number): number {
  return Math.max(0, units);
}
