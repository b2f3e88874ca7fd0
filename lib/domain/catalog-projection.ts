import type { ShopAttributeDefinition, ShopProduct } from '../schemas/shop-file';
import { type Catalog, localize } from './catalog';
import { parseMoney } from './money';

/**
 * The compact per-shop catalog projection that listing, sorting and search run over (DESIGN.md
 * "Catalog"). It is built once per Catalog object (one per catalog version, see
 * lib/data/catalog-repository.ts), so a warm request only walks integer arrays and pre-lowercased
 * strings; a write through the API or the import bumps the version, which gives a new Catalog and so
 * a new projection. Per-locale and per-currency parts are built on first use.
 */
export interface CatalogProjection {
  readonly catalog: Catalog;
  /** Products in catalog order; every other per-product array is indexed like this one. */
  readonly products: readonly ShopProduct[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** 1 when the product is visible. */
  readonly visible: Uint8Array;
  /** 1 for regular products and masters: what lists and searches show (variations hang under masters). */
  readonly listable: Uint8Array;
  /** Variations of each master (by index), visible or not, in catalog order. */
  readonly variationsOf: ReadonlyMap<number, readonly number[]>;
  /** Category ids in catalog order and their indexes. */
  readonly categoryIds: readonly string[];
  readonly categoryIndex: ReadonlyMap<string, number>;
  /** Per product: its categories and all their ancestors (a category lists its whole subtree). */
  readonly productCategories: readonly Int32Array[];
  /** Distinct manufacturers, alphabetical (locale-independent code-unit order). */
  readonly manufacturers: readonly string[];
  /** Per product: index into `manufacturers`, -1 without one. */
  readonly manufacturerOf: Int32Array;
  /** The predefined (PreDefString) attributes: the search facets besides the standard ones. */
  readonly facetAttributes: readonly FacetAttribute[];
  /** Texts and name order in a locale (built on first use). */
  locale(locale: string): LocaleProjection;
  /** Prices and price order in a currency (built on first use). */
  currency(currency: string): CurrencyProjection;
}

/** A PreDefString attribute as a facet: its values and which products carry which. */
export interface FacetAttribute {
  readonly key: string;
  readonly definition: ShopAttributeDefinition;
  /** Predefined value ids, in the definition's order. */
  readonly values: readonly string[];
  readonly valueIndex: ReadonlyMap<string, number>;
  /**
   * Per product: indexes of its values. A master carries its own values and those of its visible
   * variations, so "Colour: red" finds the T-shirt whose red variation is on sale.
   */
  readonly productValues: readonly Int32Array[];
}

/** Search texts of one locale, lower-cased, and the name order. */
export interface LocaleProjection {
  readonly locale: string;
  /** Per product: name in the locale and in the default locale. */
  readonly names: readonly string[];
  /** Per product: search keywords, product number and manufacturer. */
  readonly keywords: readonly string[];
  /** Per product: short description in the locale. */
  readonly descriptions: readonly string[];
  /** Per product: the three above joined by a separator no query contains. */
  readonly texts: readonly string[];
  /** Listable products sorted by localized name, ties by product id. */
  readonly nameOrder: Int32Array;
  /** Per product: its position in nameOrder (-1 for variations). */
  readonly nameRank: Int32Array;
  /** Memo of query matches (see lib/domain/search-query.ts), bounded. */
  readonly matchCache: Map<string, Int32Array>;
  /** Words of names, keywords and manufacturers with their frequency (spelling fallback), lazy. */
  vocabulary(): ReadonlyMap<string, number>;
}

/** Prices of one currency in minor units and the price order. */
export interface CurrencyProjection {
  readonly currency: string;
  /** Per product: unit price in minor units, NaN without a price in this currency. */
  readonly prices: Float64Array;
  /** Listable products with a price, cheapest first, ties by product id. */
  readonly priceOrder: Int32Array;
  /** Listable products without a price in this currency, by product id (they sort last either way). */
  readonly unpriced: Int32Array;
}

/** Joins a product's search fields; a query term never contains it, so no match spans two fields. */
export const FIELD_SEPARATOR = '\u0001';

const projections = new WeakMap<Catalog, CatalogProjection>();

/** The projection of a catalog, built on first use and kept as long as the Catalog object lives. */
export function projectionOf(catalog: Catalog): CatalogProjection {
  let projection = projections.get(catalog);
  if (!projection) {
    projection = buildProjection(catalog);
    projections.set(catalog, projection);
  }
  return projection;
}

/** Lower-cased, NFC-normalized, whitespace collapsed: how texts and queries are compared. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function buildProjection(catalog: Catalog): CatalogProjection {
  const products = [...catalog.products.values()];
  const size = products.length;
  const indexOf = new Map(products.map((p, i) => [p.productId, i]));
  const visible = new Uint8Array(size);
  const listable = new Uint8Array(size);
  const variationsOf = new Map<number, number[]>();
  products.forEach((p, i) => {
    visible[i] = p.visible ? 1 : 0;
    const master = p.masterId === null ? undefined : indexOf.get(p.masterId);
    listable[i] = p.masterId === null ? 1 : 0;
    if (master !== undefined) {
      const list = variationsOf.get(master) ?? [];
      list.push(i);
      variationsOf.set(master, list);
    }
  });

  const categoryIds = [...catalog.categories.keys()];
  const categoryIndex = new Map(categoryIds.map((id, i) => [id, i]));
  const ancestry = categoryIds.map((id) => ancestorsOf(catalog, id, categoryIndex));
  const productCategories = products.map((p) => {
    const set = new Set<number>();
    for (const id of p.categoryIds) {
      const index = categoryIndex.get(id);
      if (index !== undefined) for (const c of ancestry[index] ?? []) set.add(c);
    }
    return Int32Array.from([...set].sort((a, b) => a - b));
  });

  const manufacturers = [
    ...new Set(products.flatMap((p) => (p.manufacturer ? [p.manufacturer] : []))),
  ].sort();
  const manufacturerIndex = new Map(manufacturers.map((m, i) => [m, i]));
  const manufacturerOf = Int32Array.from(products, (p) =>
    p.manufacturer ? (manufacturerIndex.get(p.manufacturer) ?? -1) : -1,
  );

  const facetAttributes = [...catalog.attributeDefinitions.values()]
    .filter((d) => d.type === 'PreDefString')
    .map((definition) => facetAttribute(definition, products, visible, variationsOf));

  const locales = new Map<string, LocaleProjection>();
  const currencies = new Map<string, CurrencyProjection>();
  const projection: CatalogProjection = {
    catalog,
    products,
    indexOf,
    visible,
    listable,
    variationsOf,
    categoryIds,
    categoryIndex,
    productCategories,
    manufacturers,
    manufacturerOf,
    facetAttributes,
    locale: (locale) => {
      let view = locales.get(locale);
      if (!view) {
        view = buildLocale(catalog, products, listable, locale);
        locales.set(locale, view);
      }
      return view;
    },
    currency: (currency) => {
      let view = currencies.get(currency);
      if (!view) {
        view = buildCurrency(products, listable, currency);
        currencies.set(currency, view);
      }
      return view;
    },
  };
  return projection;
}

/** A category and its ancestors up to the root (guarded against cycles a bad write could make). */
function ancestorsOf(catalog: Catalog, categoryId: string, index: ReadonlyMap<string, number>): number[] {
  const found: number[] = [];
  let current: string | null | undefined = categoryId;
  while (current !== null && current !== undefined) {
    const i = index.get(current);
    if (i === undefined || found.includes(i)) break;
    found.push(i);
    current = catalog.categories.get(current)?.parentId;
  }
  return found;
}

function facetAttribute(
  definition: ShopAttributeDefinition,
  products: readonly ShopProduct[],
  visible: Uint8Array,
  variationsOf: ReadonlyMap<number, readonly number[]>,
): FacetAttribute {
  const values = definition.values.map((v) => v.value);
  const valueIndex = new Map(values.map((v, i) => [v, i]));
  const own = (p: ShopProduct): number[] => {
    const raw = p.attributes[definition.key];
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    return list.flatMap((v) => {
      const i = valueIndex.get(v);
      return i === undefined ? [] : [i];
    });
  };
  const productValues = products.map((p, i) => {
    const set = new Set(own(p));
    for (const v of variationsOf.get(i) ?? []) {
      const variation = products[v];
      if (variation && visible[v]) for (const value of own(variation)) set.add(value);
    }
    return Int32Array.from([...set].sort((a, b) => a - b));
  });
  return { key: definition.key, definition, values, valueIndex, productValues };
}

function buildLocale(
  catalog: Catalog,
  products: readonly ShopProduct[],
  listable: Uint8Array,
  locale: string,
): LocaleProjection {
  const defaultLocale = catalog.settings.defaultLocale;
  const displayNames = products.map((p) => localize(catalog, p.name, locale) ?? '');
  const names = products.map((p, i) => {
    const here = displayNames[i] ?? '';
    const fallback = localize(catalog, p.name, defaultLocale) ?? '';
    return normalizeText(fallback === here ? here : `${here}${FIELD_SEPARATOR}${fallback}`);
  });
  const keywords = products.map((p) =>
    [...p.searchKeywords, p.productNumber, p.manufacturer ?? ''].map(normalizeText).join(FIELD_SEPARATOR),
  );
  const descriptions = products.map((p) =>
    normalizeText(localize(catalog, p.shortDescription, locale) ?? ''),
  );
  const texts = products.map(
    (_, i) => `${names[i]}${FIELD_SEPARATOR}${keywords[i]}${FIELD_SEPARATOR}${descriptions[i]}`,
  );

  const collator = new Intl.Collator(locale.replace('_', '-'), { sensitivity: 'base', numeric: true });
  const order: number[] = [];
  for (let i = 0; i < products.length; i++) if (listable[i]) order.push(i);
  order.sort(
    (a, b) => collator.compare(displayNames[a] ?? '', displayNames[b] ?? '') || byId(products, a, b),
  );
  const nameOrder = Int32Array.from(order);
  const nameRank = new Int32Array(products.length).fill(-1);
  nameOrder.forEach((p, rank) => {
    nameRank[p] = rank;
  });

  let vocabulary: Map<string, number> | undefined;
  return {
    locale,
    names,
    keywords,
    descriptions,
    texts,
    nameOrder,
    nameRank,
    matchCache: new Map(),
    vocabulary: () => {
      if (!vocabulary) {
        vocabulary = new Map();
        for (let i = 0; i < products.length; i++) {
          for (const word of `${names[i]} ${keywords[i]}`.split(/[^\p{L}\p{N}]+/u)) {
            if (word.length >= 3) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
          }
        }
      }
      return vocabulary;
    },
  };
}

function buildCurrency(
  products: readonly ShopProduct[],
  listable: Uint8Array,
  currency: string,
): CurrencyProjection {
  const prices = new Float64Array(products.length).fill(Number.NaN);
  products.forEach((p, i) => {
    const decimal = p.prices[currency]?.price;
    if (decimal !== undefined) prices[i] = parseMoney(decimal, currency);
  });
  const priced: number[] = [];
  const unpriced: number[] = [];
  for (let i = 0; i < products.length; i++) {
    if (!listable[i]) continue;
    if (Number.isNaN(prices[i])) unpriced.push(i);
    else priced.push(i);
  }
  priced.sort((a, b) => (prices[a] as number) - (prices[b] as number) || byId(products, a, b));
  unpriced.sort((a, b) => byId(products, a, b));
  return { currency, prices, priceOrder: Int32Array.from(priced), unpriced: Int32Array.from(unpriced) };
}

function byId(products: readonly ShopProduct[], a: number, b: number): number {
  const x = products[a]?.productId ?? '';
  const y = products[b]?.productId ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}
