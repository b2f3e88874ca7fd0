import type { LiveStock } from '../inventory/live-stock';
import { type Availability, availabilityOf, stockLevel } from '../inventory/stock';
import type { CatalogProjection } from './catalog-projection';
import type { ProductColumns } from './product-columns';

/** The values `availability` takes, in the order a merchant reads them. */
export const AVAILABILITIES = ['OnStock', 'WarnStock', 'OutStock'] as const satisfies readonly Availability[];

const CODES: Record<Availability, number> = { OnStock: 0, WarnStock: 1, OutStock: 2 };

/** Per projection: each slot's availability code by the catalog's levels (built on first use). */
const byCatalog = new WeakMap<CatalogProjection, Uint8Array>();

/**
 * The slots of `listing` (in order) whose availability, as a product read shows it now, is one of
 * `wanted` (docs/catalog.md "Filtering by stock"). The catalog's levels come from the projection's
 * columns, once per catalog version; the products live stock has seen move since are worked out
 * from their shards. No product is inflated: at 100,000 products a pass reads a byte per slot.
 */
export function withAvailability(
  projection: CatalogProjection,
  live: LiveStock | undefined,
  listing: ArrayLike<number>,
  wanted: readonly Availability[],
): Int32Array {
  let codes = byCatalog.get(projection);
  if (!codes) {
    codes = catalogCodes(projection.columns);
    byCatalog.set(projection, codes);
  }
  const moved = live ? [...live.movedProducts()] : [];
  if (moved.length > 0) {
    codes = codes.slice();
    for (const productId of moved) {
      const slot = projection.indexOf.get(productId);
      if (slot !== undefined) codes[slot] = liveCode(projection.columns, live as LiveStock, productId, slot);
    }
  }
  const accepted = new Uint8Array(AVAILABILITIES.length);
  for (const availability of wanted) accepted[CODES[availability]] = 1;
  const kept: number[] = [];
  for (let k = 0; k < listing.length; k++) {
    const slot = listing[k] as number;
    if (accepted[codes[slot] as number]) kept.push(slot);
  }
  return Int32Array.from(kept);
}

function catalogCodes(columns: ProductColumns): Uint8Array {
  const codes = new Uint8Array(columns.ids.length);
  for (let slot = 0; slot < codes.length; slot++) {
    const units = columns.stockUnits[slot] ?? null;
    codes[slot] = code(units, columns.minStocklevels[slot] ?? null);
  }
  return codes;
}

function liveCode(columns: ProductColumns, live: LiveStock, productId: string, slot: number): number {
  const units = columns.stockUnits[slot] ?? null;
  if (units === null) return CODES.OnStock; // not tracked: shown in stock
  const shards = columns.stockShards[slot] as number;
  return code(live.unitsFrom(productId, units, shards), columns.minStocklevels[slot] ?? null);
}

function code(units: number | null, minStocklevel: number | null): number {
  return CODES[availabilityOf(units === null ? null : stockLevel(units), minStocklevel)];
}
