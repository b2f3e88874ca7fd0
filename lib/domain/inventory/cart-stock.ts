import type { CartLine } from '../cart/cart';
import { quantityUnits } from '../quantity';
import { sellable, stockLevel } from './stock';

/**
 * Carts and stock (docs/inventory.md "Carts and stock"): carts reserve nothing, yet a request that adds
 * a line or raises a quantity beyond what is available now is refused (or, where the request drops
 * bad lines, that line is dropped), so a storefront learns early. Pure rules on stock already read;
 * the checkout stays the authority.
 */

/**
 * Live stock of the tracked products a request touches: product id → units (integer thousandths,
 * the sum of its shards' levels, any sign). An untracked product is absent: it is never refused.
 */
export type LiveStock = ReadonlyMap<string, number>;

/** Why one product's quantity is refused: what the cart would hold and what is left (never < 0). */
export interface StockShortfall {
  message: string;
  available: number;
}

/** The cart's quantity of a product in units, all its lines together. */
export function cartUnits(lines: readonly CartLine[], productId: string): number {
  return lines.reduce(
    (sum, line) => sum + (line.productId === productId ? quantityUnits(line.quantity) : 0),
    0,
  );
}

/**
 * The shortfall when a cart's quantity of a product goes from `before` to `after` units, or null:
 * only a raise is checked (lowering an over-stock line is always allowed), only for tracked
 * products, and anything at or below zero counts as none (an OutStock product: `available: 0`).
 */
export function stockShortfall(
  stock: LiveStock,
  productId: string,
  before: number,
  after: number,
): StockShortfall | null {
  const level = stock.get(productId);
  if (level === undefined || after <= before) return null;
  const left = sellable(level);
  if (after <= left) return null;
  const available = stockLevel(left);
  return { message: `${stockLevel(after)} requested, ${available} available`, available };
}

/**
 * The requests (by index) that would raise the cart's quantity of their product beyond live stock,
 * in request order: each counts on top of the cart's lines and of the earlier requests that fit,
 * so two requests of 3 against a stock of 5 keep the first and refuse the second. Requests in
 * `skip` (refused for another reason) count for nothing.
 */
export function shortRequests(
  stock: LiveStock,
  lines: readonly CartLine[],
  requests: readonly { productId: string; quantity: number }[],
  skip: ReadonlySet<number>,
): Map<number, StockShortfall> {
  const short = new Map<number, StockShortfall>();
  const inCart = new Map<string, number>();
  requests.forEach(({ productId, quantity }, index) => {
    if (skip.has(index) || !stock.has(productId)) return;
    const before = inCart.get(productId) ?? cartUnits(lines, productId);
    const after = before + quantityUnits(quantity);
    const shortfall = stockShortfall(stock, productId, before, after);
    if (shortfall) short.set(index, shortfall);
    else inCart.set(productId, after);
  });
  return short;
}
