import type { ShopProduct } from '../catalog/catalog-types';
import { type Availability, availabilityOf, stockLevel, stockUnits } from './stock';

/**
 * Live stock as product reads see it (docs/inventory.md "Product reads"): the
 * data layer keeps it per shop, refreshed by difference from the shards' change feed, and hangs it
 * on the catalog (lib/data/inventory/stock-view.ts); without it a read shows the catalog's level.
 */
export interface LiveStock {
  /** The product's stock in units (thousandths); null when not tracked. */
  units(product: ShopProduct): number | null;
  /** The same per shard (a checkout's blind take picks a shard seen with enough); null when not tracked. */
  shardUnits(product: ShopProduct): number[] | null;
  /**
   * The same from what the catalog's columns hold of a tracked product: its level in units and
   * its number of shards (no product inflated).
   */
  unitsFrom(productId: string, catalogUnits: number, shards: number): number;
  /** The products whose shards moved since the catalog's levels were set; every other shows the catalog's. */
  movedProducts(): Iterable<string>;
  /** Whether it is within its freshness bound now (else a read refreshes it first). */
  isCurrent(): boolean;
}

/** What a product read shows of its stock. */
export interface StockShown {
  stocklevel: number | null;
  availability: Availability;
}

/** A product's stock in units as reads show it: live when the catalog carries live stock; null untracked. */
export function shownUnits(product: ShopProduct, live: LiveStock | undefined): number | null {
  if (live) return live.units(product);
  return product.stocklevel === null ? null : stockUnits(product.stocklevel);
}

/** A product's stock level and availability, live when the catalog carries live stock. */
export function stockShown(product: ShopProduct, live: LiveStock | undefined): StockShown {
  const units = shownUnits(product, live);
  const stocklevel = units === null ? null : stockLevel(units);
  return { stocklevel, availability: availabilityOf(stocklevel, product.minStocklevel) };
}

/** The shop's words for an availability, by language; English where a language has none. */
const AVAILABILITY_TEXTS: Record<string, Record<Availability, string>> = {
  en: { OnStock: 'In stock', WarnStock: 'Only a few left', OutStock: 'Out of stock' },
  de: { OnStock: 'Auf Lager', WarnStock: 'Nur noch wenige verfügbar', OutStock: 'Ausverkauft' },
};

/** `availabilityText` in a locale (en_GB, de_DE, ...). */
export function availabilityText(availability: Availability, locale: string): string {
  const language = locale.slice(0, 2).toLowerCase();
  const texts = AVAILABILITY_TEXTS[language] ?? (AVAILABILITY_TEXTS.en as Record<Availability, string>);
  return texts[availability];
}
