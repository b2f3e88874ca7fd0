import type { ShopProduct } from '../catalog/catalog-types';
import { quantityUnits } from '../quantity';
import type { DocumentRecord, OrderRecord, StockTaken } from './order';

/**
 * What cancelling an order must do, decided once when rejectedOn is first set and stored with the
 * rejection (lib/data/orders/cancellations.ts), so every later attempt finishes the same work.
 */
export interface CancellationWork {
  /** Tracked stock to put back, per product (integer thousandths). */
  stock: StockTaken[];
  /** Whether a credit note is due: the order is invoiced (invoicedOn set, or an Invoice exists). */
  creditNote: boolean;
}

/**
 * The work of cancelling `order` (docs/orders.md "Cancellation, exactly once": it
 * puts its tracked quantities back): the stock its checkout took of products still tracked now (an untracked
 * product's stock never moves), and a credit note when it is invoiced. Orders placed before the
 * order kept what it took count the lines of products tracked now.
 */
export function cancellationWork(
  order: OrderRecord,
  documents: readonly Pick<DocumentRecord, 'documentType'>[],
  products: ReadonlyMap<string, ShopProduct>,
): CancellationWork {
  const taken = order.stockTaken ?? linesOfTracked(order, products);
  return {
    stock: taken.filter((t) => t.units > 0 && (products.get(t.productId)?.stockShards ?? null) !== null),
    creditNote: order.timestamps.invoicedOn !== null || documents.some((d) => d.documentType === 'Invoice'),
  };
}

function linesOfTracked(order: OrderRecord, products: ReadonlyMap<string, ShopProduct>): StockTaken[] {
  const units = new Map<string, number>();
  for (const line of order.lines) {
    if ((products.get(line.productId)?.stockShards ?? null) === null) continue;
    units.set(line.productId, (units.get(line.productId) ?? 0) + quantityUnits(line.quantity));
  }
  return [...units].map(([productId, u]) => ({ productId, units: u }));
}
