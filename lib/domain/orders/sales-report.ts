import { toDecimalString } from '../money/money';
import { fromUnits } from '../quantity';
import type { SalesFigures } from './sales-contribution';

/** One currency's entry of GET /sales (docs/orders.md "Sales figures"). */
export interface CurrencySales {
  currency: string;
  totalGrossRevenue: number;
  totalNetRevenue: number;
  totalOrders: number;
  /** With productId only: the summed quantity. */
  unitsSold?: number;
}

/**
 * The report's entries from summed figures per currency: amounts as JSON numbers rounded to the
 * currency's minor unit (the sums are exact minor units, so this is their decimal text), units
 * from thousandths; currencies whose orders were all rejected are left out; sorted by currency.
 */
export function salesPerCurrency(
  sums: ReadonlyMap<string, SalesFigures>,
  withUnits: boolean,
): CurrencySales[] {
  return [...sums]
    .filter(([, f]) => f.orders > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, f]) => ({
      currency,
      totalGrossRevenue: Number(toDecimalString(f.gross, currency)),
      totalNetRevenue: Number(toDecimalString(f.net, currency)),
      totalOrders: f.orders,
      ...(withUnits ? { unitsSold: fromUnits(f.units ?? 0) } : {}),
    }));
}
