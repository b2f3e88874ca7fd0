import { stockUnits } from '../inventory/stock';
import { parseMoney } from '../money/money';
import { type Catalog, localize } from './catalog';
import type { ShopProduct } from './catalog-types';

/**
 * What the catalog projection knows of each product, one array per field, indexed by slot (catalog
 * order). It is what a catalog snapshot stores besides the compressed products: a cold start parses
 * these plain arrays (a fraction of the products' size, no object per product) instead of
 * inflating and parsing every product, and a refresh replaces only the changed products' slots.
 */
export interface ProductColumns {
  ids: string[];
  /** Product numbers (unique in a shop: a write checks a new one against them). */
  productNumbers: string[];
  /** The stored list position (catalog order is position, then key). */
  positions: number[];
  visible: number[];
  masterIds: (string | null)[];
  categoryIds: string[][];
  manufacturers: (string | null)[];
  /**
   * Per PreDefString attribute key: each product's own values, joined by FIELD_SEPARATOR ("" for
   * none): one string per product parses much faster than an array per product.
   */
  facetValues: Record<string, string[]>;
  /** Per shop locale: display name, and the normalized search texts (read on first use). */
  locales: Record<string, LocaleTexts>;
  /** Per shop currency: unit price in minor units, null without one. */
  prices: Record<string, (number | null)[]>;
  /**
   * The stock the catalog holds (as the import or the product's creation set it; live stock moves in
   * the shards, lib/domain/inventory/live-stock.ts): the level in units (thousandths), null when not
   * tracked; the number of shards it is split over (0 when not tracked); the minimum, null for none.
   * What the `availability` filter reads without inflating a product (docs/catalog.md).
   */
  stockUnits: (number | null)[];
  stockShards: number[];
  minStocklevels: (number | null)[];
}

export interface LocaleColumns {
  displayNames: string[];
  names: string[];
  keywords: string[];
  descriptions: string[];
}

type LocaleSlot = { [K in keyof LocaleColumns]: string };
/** The texts search and queries read (the display names only sort). */
export type SearchTexts = Omit<LocaleColumns, 'displayNames'>;

/**
 * The texts of one locale, loaded on first use, in two parts: the display names (what a refresh
 * needs to put a changed product back in the name order) and the search texts (what queries and
 * search read). A snapshot keeps each part compressed apart (they are most of its head), so a cold
 * start, and the refresh after it, inflate only what their requests ask for. Slots written before a
 * part is loaded are kept and applied on load; a copy shares the loaders.
 */
export class LocaleTexts {
  private names: string[] | undefined;
  private search: SearchTexts | undefined;

  constructor(
    private readonly loadNames: () => string[],
    private readonly loadSearch: () => SearchTexts,
    private readonly writes: Map<number, LocaleSlot> = new Map(),
  ) {}

  static of(value: LocaleColumns): LocaleTexts {
    const { displayNames, ...search } = value;
    const texts = new LocaleTexts(
      () => displayNames,
      () => search,
    );
    texts.names = displayNames;
    texts.search = search;
    return texts;
  }

  get displayNames(): string[] {
    if (!this.names) {
      const base = this.loadNames();
      this.names = this.writes.size === 0 ? base : [...base];
      for (const [slot, values] of this.writes) this.names[slot] = values.displayNames;
    }
    return this.names;
  }

  get searchTexts(): SearchTexts {
    if (!this.search) {
      const base = this.loadSearch();
      this.search = this.writes.size === 0 ? base : copySearch(base);
      for (const [slot, values] of this.writes) writeSearch(this.search, slot, values);
    }
    return this.search;
  }

  /** A copy that `set` may change without changing this one. */
  copy(room = 0): LocaleTexts {
    const copy = new LocaleTexts(this.loadNames, this.loadSearch, new Map(this.writes));
    if (this.names) copy.names = withRoom(this.names, room);
    if (this.search) copy.search = copySearch(this.search, room);
    return copy;
  }

  /** The texts without some slots (later slots move down), loaded as lazily as these. */
  without(removed: readonly number[]): LocaleTexts {
    const drop = <T>(list: T[]) => withoutSlots(list, removed);
    // Loaded texts are copied now, so the result keeps no reference to these (a chain of deletes
    // would otherwise hold every earlier version's arrays).
    if (this.names && this.search)
      return LocaleTexts.of({
        displayNames: drop(this.displayNames),
        names: drop(this.search.names),
        keywords: drop(this.search.keywords),
        descriptions: drop(this.search.descriptions),
      });
    const texts = new LocaleTexts(
      () => drop(this.displayNames),
      () => {
        const { names, keywords, descriptions } = this.searchTexts;
        return { names: drop(names), keywords: drop(keywords), descriptions: drop(descriptions) };
      },
    );
    return texts;
  }

  set(slot: number, values: LocaleSlot): void {
    if (this.names) this.names[slot] = values.displayNames;
    if (this.search) writeSearch(this.search, slot, values);
    if (!this.names || !this.search) this.writes.set(slot, values);
  }
}

function copySearch(l: SearchTexts, room = 0): SearchTexts {
  return {
    names: withRoom(l.names, room),
    keywords: withRoom(l.keywords, room),
    descriptions: withRoom(l.descriptions, room),
  };
}

function writeSearch(l: SearchTexts, slot: number, values: LocaleSlot): void {
  l.names[slot] = values.names;
  l.keywords[slot] = values.keywords;
  l.descriptions[slot] = values.descriptions;
}

/** Joins a product's search fields; a query term never contains it, so no match spans two fields. */
export const FIELD_SEPARATOR = '\u0001';

/** Lower-cased, NFC-normalized, whitespace collapsed: how texts and queries are compared. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Empty columns for the catalog's locales, currencies and facet attributes. */
export function emptyColumns(catalog: Catalog): ProductColumns {
  const facetValues: Record<string, string[]> = {};
  for (const d of catalog.attributeDefinitions.values())
    if (d.type === 'PreDefString') facetValues[d.key] = [];
  const locales: Record<string, LocaleTexts> = {};
  for (const l of catalog.settings.locales)
    locales[l] = LocaleTexts.of({ displayNames: [], names: [], keywords: [], descriptions: [] });
  const prices: Record<string, (number | null)[]> = {};
  for (const c of catalog.settings.currencies) prices[c] = [];
  return {
    ids: [],
    productNumbers: [],
    positions: [],
    visible: [],
    masterIds: [],
    categoryIds: [],
    manufacturers: [],
    facetValues,
    locales,
    prices,
    stockUnits: [],
    stockShards: [],
    minStocklevels: [],
  };
}

/** The columns of products in catalog order (positions by slot; 0 when not given). */
export function productColumns(
  catalog: Catalog,
  products: Iterable<ShopProduct>,
  positions?: readonly number[],
): ProductColumns {
  const columns = emptyColumns(catalog);
  let slot = 0;
  for (const product of products) {
    setSlot(columns, catalog, slot, product, positions?.[slot] ?? 0);
    slot++;
  }
  return columns;
}

/** A copy of the columns (arrays copied, their values shared) that `setSlot` may change. */
export function copyColumns(columns: ProductColumns, room = 0): ProductColumns {
  const map = <T>(record: Record<string, T>, f: (value: T) => T) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
  const copy = <T>(list: readonly T[]) => withRoom(list, room);
  return {
    ids: copy(columns.ids),
    productNumbers: copy(columns.productNumbers),
    positions: copy(columns.positions),
    visible: copy(columns.visible),
    masterIds: copy(columns.masterIds),
    categoryIds: copy(columns.categoryIds),
    manufacturers: copy(columns.manufacturers),
    facetValues: map(columns.facetValues, copy),
    locales: map(columns.locales, (l) => l.copy(room)),
    prices: map(columns.prices, copy),
    stockUnits: copy(columns.stockUnits),
    stockShards: copy(columns.stockShards),
    minStocklevels: copy(columns.minStocklevels),
  };
}

/**
 * A copy of a list with `room` more slots, for setSlot to fill (products created at the end): one
 * allocation of the final size, where writing past the end would copy the whole list again. The
 * new slots hold the first entry until then, so the list keeps its element kind.
 */
function withRoom<T>(list: readonly T[], room: number): T[] {
  return room === 0 || list.length === 0 ? [...list] : list.concat(new Array<T>(room).fill(list[0] as T));
}

/** A list without the given slots (ascending), later ones moved down. */
export function withoutSlots<T>(list: readonly T[], removed: readonly number[]): T[] {
  const out: T[] = [];
  let next = 0;
  for (let i = 0; i < list.length; i++) {
    if (i === removed[next]) {
      next++;
      continue;
    }
    out.push(list[i] as T);
  }
  return out;
}

/** The columns without some products' slots (ascending): a deletion, later slots moved down. */
export function columnsWithout(columns: ProductColumns, removed: readonly number[]): ProductColumns {
  const drop = <T>(list: readonly T[]) => withoutSlots(list, removed);
  const map = <T>(record: Record<string, T>, f: (value: T) => T) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
  return {
    ids: drop(columns.ids),
    productNumbers: drop(columns.productNumbers),
    positions: drop(columns.positions),
    visible: drop(columns.visible),
    masterIds: drop(columns.masterIds),
    categoryIds: drop(columns.categoryIds),
    manufacturers: drop(columns.manufacturers),
    facetValues: map(columns.facetValues, drop),
    locales: map(columns.locales, (l) => l.without(removed)),
    prices: map(columns.prices, drop),
    stockUnits: drop(columns.stockUnits),
    stockShards: drop(columns.stockShards),
    minStocklevels: drop(columns.minStocklevels),
  };
}

/** Writes one product's facts into a slot (a slot past the end appends). */
export function setSlot(
  columns: ProductColumns,
  catalog: Catalog,
  slot: number,
  product: ShopProduct,
  position: number,
): void {
  columns.ids[slot] = product.productId;
  columns.productNumbers[slot] = product.productNumber;
  columns.positions[slot] = position;
  columns.visible[slot] = product.visible ? 1 : 0;
  columns.masterIds[slot] = product.masterId;
  columns.categoryIds[slot] = product.categoryIds;
  columns.manufacturers[slot] = product.manufacturer ?? null;
  for (const [key, values] of Object.entries(columns.facetValues)) {
    const raw = product.attributes[key];
    values[slot] = raw === undefined ? '' : Array.isArray(raw) ? raw.join(FIELD_SEPARATOR) : raw;
  }
  const defaultLocale = catalog.settings.defaultLocale;
  const keywords = [...product.searchKeywords, product.productNumber, product.manufacturer ?? '']
    .map(normalizeText)
    .join(FIELD_SEPARATOR);
  for (const [locale, texts] of Object.entries(columns.locales)) {
    const here = localize(catalog, product.name, locale) ?? '';
    const fallback = localize(catalog, product.name, defaultLocale) ?? '';
    texts.set(slot, {
      displayNames: here,
      names: normalizeText(fallback === here ? here : `${here}${FIELD_SEPARATOR}${fallback}`),
      keywords,
      descriptions: normalizeText(localize(catalog, product.shortDescription, locale) ?? ''),
    });
  }
  for (const [currency, prices] of Object.entries(columns.prices)) {
    const decimal = product.prices[currency]?.price;
    prices[slot] = decimal === undefined ? null : parseMoney(decimal, currency);
  }
  const tracked = product.stockShards !== null;
  columns.stockUnits[slot] = tracked ? stockUnits(product.stocklevel ?? 0) : null;
  columns.stockShards[slot] = product.stockShards ?? 0;
  columns.minStocklevels[slot] = product.minStocklevel;
}
