/**
 * How the console says a product's stock: its level, or "not tracked"; sold out and low stock marked
 * in words, by the API's own `availability` (OutStock, WarnStock: at or below the minimum stock).
 */
export type StockState = 'untracked' | 'soldOut' | 'low' | 'inStock';

export function stockState(product: {
  stocklevel?: number | null;
  availability?: string | null;
}): StockState {
  if (product.stocklevel === null || product.stocklevel === undefined) return 'untracked';
  if (product.availability === 'OutStock') return 'soldOut';
  if (product.availability === 'WarnStock') return 'low';
  return 'inStock';
}
