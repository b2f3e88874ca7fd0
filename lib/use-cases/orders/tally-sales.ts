import {
  applySalesParts,
  type SalesApplied,
  type SalesChange,
  salesParts,
} from '../../data/orders/sales-writes';

/**
 * Moves the sales totals by a batch of order placements and rejections, each exactly once
 * (lib/data/orders/sales-writes.ts): all parts of all changes, packed into as few transactions as fit.
 */
export function tallySales(changes: readonly SalesChange[]): Promise<SalesApplied> {
  return applySalesParts(changes.flatMap(salesParts));
}
