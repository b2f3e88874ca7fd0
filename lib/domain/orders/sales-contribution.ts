import type { Minor } from '../money/money';
import { taxLine } from '../money/totals';
import { quantityUnits } from '../quantity';
import type { OrderRecord } from './order';

/**
 * What one order adds to the sales figures (docs/orders.md "Sales figures"): its grandTotal and
 * totalBeforeTax and one order, and per product the gross and net of its lines, one order and the
 * units sold. A rejection takes exactly this away again (sign −1). Pure; amounts in minor units,
 * units in integer thousandths (lib/domain/quantity.ts), so sums stay exact.
 */

export interface SalesFigures {
  gross: Minor;
  net: Minor;
  orders: number;
  /** Thousandths of a unit; products only. */
  units?: number;
}

export interface SalesContribution {
  currency: string;
  createdAt: string;
  shop: SalesFigures;
  /** By productId, sorted by id (the writes split them the same way every time). */
  products: [productId: string, figures: Required<SalesFigures>][];
}

/** An order's contribution, times `sign` (+1 when placed, −1 when rejected). */
export function salesContribution(order: OrderRecord, sign: 1 | -1): SalesContribution {
  const products = new Map<string, Required<SalesFigures>>();
  for (const line of order.lines) {
    const taxed = taxLine(
      { taxClassId: line.taxClassId, name: '', percentage: line.taxPercentage },
      line.amount,
      order.taxModel,
    );
    const figures = products.get(line.productId) ?? { gross: 0, net: 0, orders: sign, units: 0 };
    figures.gross += sign * taxed.gross;
    figures.net += sign * taxed.net;
    figures.units += sign * quantityUnits(line.quantity);
    products.set(line.productId, figures);
  }
  return {
    currency: order.currency,
    createdAt: order.createdAt,
    shop: { gross: sign * order.totals.grandTotal, net: sign * order.totals.totalBeforeTax, orders: sign },
    products: [...products].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
}
