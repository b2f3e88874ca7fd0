import type { CartLine, CartRecord } from '../cart/cart';
import type { ShopProduct } from '../catalog/catalog-types';
import type { FieldError } from '../errors';
import { quantityUnits } from '../quantity';
import type { LiveStock } from './live-stock';
import { sellable, stockLevel } from './stock';

/**
 * What a checkout must take of one tracked product: its lines summed (docs/inventory.md "A checkout, step by
 * step").
 */
export interface StockDemand {
  productId: string;
  /** Integer thousandths, all lines of the product together. */
  units: number;
  /** The product's shard count (lib/domain/inventory/stock-shards.ts). */
  shards: number;
  /** Indexes of the cart's product lines that ask for it, for the 409 entries. */
  lines: number[];
  /** Its stock per shard as this instance last saw it (units), when known: a hint, never a rule. */
  seen: number[] | null;
}

/**
 * The tracked products a cart's lines take stock of, and the lines whose product is gone (they
 * answer 409 with `available: 0`). Untracked products (no shards) take nothing.
 */
export function stockDemands(
  lines: readonly CartLine[],
  products: ReadonlyMap<string, ShopProduct>,
  live?: LiveStock,
): { demands: StockDemand[]; gone: number[] } {
  const demands = new Map<string, StockDemand>();
  const gone: number[] = [];
  lines.forEach((line, index) => {
    const product = products.get(line.productId);
    if (!product) {
      gone.push(index);
      return;
    }
    if (product.stockShards === null) return;
    const demand = demands.get(line.productId) ?? {
      productId: line.productId,
      units: 0,
      shards: product.stockShards,
      lines: [],
      seen: live ? live.shardUnits(product) : null,
    };
    demand.units += quantityUnits(line.quantity);
    demand.lines.push(index);
    demands.set(line.productId, demand);
  });
  return { demands: [...demands.values()], gone };
}

/** Whether two carts' lines take the same stock: the same units of the same products, the same gone lines. */
export function sameStockDemand(
  a: ReturnType<typeof stockDemands>,
  b: ReturnType<typeof stockDemands>,
): boolean {
  const units = (d: ReturnType<typeof stockDemands>) =>
    d.demands
      .map((x) => `${x.productId}:${x.units}`)
      .sort()
      .join(',');
  return units(a) === units(b) && a.gone.join(',') === b.gone.join(',');
}

/**
 * A checkout's cart changed before its order was written (a line added or changed meanwhile) and
 * now takes other stock than was set aside: the checkout starts again from `cart`.
 */
export class StockDemandChanged extends Error {
  constructor(readonly cart: CartRecord) {
    super('the cart changed the stock it takes during its checkout');
  }
}

/** A refused line's 409 entry: what was asked for and what is left (never below 0). */
export interface StockShortage extends FieldError {
  available: number;
}

/** One entry per line of a product that is short (`available` in units, summed over its shards). */
export function shortagesOf(demand: StockDemand, availableUnits: number): StockShortage[] {
  const available = stockLevel(sellable(availableUnits));
  return demand.lines.map((index) => ({
    field: `lineItemContainer.productLineItems[${index}]`,
    message: `${stockLevel(demand.units)} requested, ${available} available`,
    available,
  }));
}

/** The entry of a line whose product was deleted: nothing of it is left. */
export function goneLine(index: number): StockShortage {
  return {
    field: `lineItemContainer.productLineItems[${index}]`,
    message: 'The product is no longer sold, 0 available',
    available: 0,
  };
}
