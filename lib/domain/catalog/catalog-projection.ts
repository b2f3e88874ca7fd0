import type { Catalog } from './catalog';
import type { ShopAttributeDefinition } from './catalog-types';
import { GrownIndex } from './grown-index';
import { FIELD_SEPARATOR, type ProductColumns, productColumns } from './product-columns';

/**
 * The compact per-shop catalog projection that listing, sorting and search run over (docs/catalog.md
 * "The catalog projection"). It is built once per Catalog object (one per catalog version, see
 * lib/data/catalog/catalog-repository.ts), so a warm request only walks integer arrays and pre-lowercased
 * strings; a write through the API or the import bumps the version, which gives a new Catalog and so
 * a new projection. Per-locale and per-currency parts are built on first use.
 */
export interface CatalogProjection {
  readonly catalog: Catalog;
  /** What the projection was made from: one slot per product, in catalog order. */
  readonly columns: ProductColumns;
  /** Product ids in catalog order; every other per-product array is indexed like this one. */
  readonly productIds: readonly string[];
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
  /** Whether a part built on first use has been built (a patch then patches it, else leaves it to be built). */
  hasLocale(locale: string): boolean;
  hasCurrency(currency: string): boolean;
  hasPart(part: LazyPart): boolean;
}

/** Parts of the projection built on first use (a plain product list needs none of them). */
export type LazyPart = 'categories' | 'manufacturers' | 'facets';

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
  /** Memo of query matches (see lib/domain/search/query.ts), bounded. */
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

export { FIELD_SEPARATOR, normalizeText } from './product-columns';

const projections = new WeakMap<Catalog, CatalogProjection>();

/**
 * The projection of a catalog, built on first use and kept as long as the Catalog object lives. A
 * catalog loaded from a snapshot or refreshed from the change log comes with its projection already
 * kept (keepProjection); any other is built here from its products.
 */
export function projectionOf(catalog: Catalog): CatalogProjection {
  let projection = projections.get(catalog);
  if (!projection) {
    projection = projectionFromColumns(catalog, productColumns(catalog, catalog.products.values()));
    projections.set(catalog, projection);
  }
  return projection;
}

/** Keeps a projection made for the catalog (by the loader) so projectionOf does not build one. */
export function keepProjection(catalog: Catalog, projection: CatalogProjection): void {
  projections.set(catalog, projection);
}

/** Sort orders computed before (a snapshot's): they spare a cold start the sorting. */
export interface ProjectionOrders {
  names: Record<string, readonly number[]>;
  prices: Record<string, { priced: readonly number[]; unpriced: readonly number[] }>;
}

/** The sort orders of every shop locale and currency, for a snapshot. */
export function projectionOrders(projection: CatalogProjection): ProjectionOrders {
  const { settings } = projection.catalog;
  const names: ProjectionOrders['names'] = {};
  for (const l of settings.locales) names[l] = Array.from(projection.locale(l).nameOrder);
  const prices: ProjectionOrders['prices'] = {};
  for (const c of settings.currencies) {
    const view = projection.currency(c);
    prices[c] = { priced: Array.from(view.priceOrder), unpriced: Array.from(view.unpriced) };
  }
  return { names, prices };
}

/** The projection of a catalog whose products are described by the columns (in catalog order). */
export function projectionFromColumns(
  catalog: Catalog,
  columns: ProductColumns,
  orders?: ProjectionOrders,
  indexOf: ReadonlyMap<string, number> = indexOfIds(columns.ids),
): CatalogProjection {
  const size = columns.ids.length;
  const visible = Uint8Array.from(columns.visible);
  const listable = new Uint8Array(size);
  for (let i = 0; i < size; i++) listable[i] = columns.masterIds[i] === null ? 1 : 0;
  const variationsOf = variationIndex(columns, indexOf);
  return assemble(catalog, columns, {
    indexOf,
    visible,
    listable,
    variationsOf,
    categories: () => categoryProjection(catalog, columns),
    manufacturers: () => manufacturerProjection(columns),
    facets: () => facetAttributesOf(catalog, columns, visible, variationsOf),
    localeOf: (locale) => {
      const seeded = orders?.names[locale];
      return buildLocale(columns, listable, locale, seeded ? Int32Array.from(seeded) : undefined);
    },
    currencyOf: (currency) => {
      const seeded = orders?.prices[currency];
      return buildCurrency(
        columns,
        listable,
        currency,
        seeded && { priced: Int32Array.from(seeded.priced), unpriced: Int32Array.from(seeded.unpriced) },
      );
    },
  });
}

/** Product id → slot. */
export function indexOfIds(ids: readonly string[]): Map<string, number> {
  const indexOf = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) indexOf.set(ids[i] as string, i);
  return indexOf;
}

function facetAttributesOf(
  catalog: Catalog,
  columns: ProductColumns,
  visible: Uint8Array,
  variationsOf: ReadonlyMap<number, readonly number[]>,
): FacetAttribute[] {
  return [...catalog.attributeDefinitions.values()]
    .filter((d) => d.type === 'PreDefString')
    .map((definition) => facetAttribute(definition, columns, visible, variationsOf));
}

/**
 * The projection after the products in `changed` slots were replaced (same slots, same ids): a
 * refresh by difference. Per-product arrays are copied and only the changed slots (and their masters,
 * whose facet values include their variations') are computed again; the sort orders lose and regain
 * just the changed products. Work is O(catalog) array copies plus O(changed × log catalog) sorting,
 * instead of a full build. `catalog` must differ from the previous one only in those products.
 */
export function patchedProjection(
  previous: CatalogProjection,
  catalog: Catalog,
  columns: ProductColumns,
  changed: readonly number[],
): CatalogProjection {
  const old = previous.catalog;
  const sameShape =
    old.settings === catalog.settings && old.attributeDefinitions === catalog.attributeDefinitions;
  if (!sameShape) return projectionFromColumns(catalog, columns);
  // Slots past the previous end are products added at the end of the catalog order.
  const size = columns.ids.length;
  const grown = size > previous.productIds.length;
  const indexOf = grown
    ? GrownIndex.of(
        previous.indexOf,
        Array.from({ length: size - previous.productIds.length }, (_, k) => {
          const slot = previous.productIds.length + k;
          return [columns.ids[slot] as string, slot] as [string, number];
        }),
      )
    : previous.indexOf;
  const visible = grownCopy(previous.visible, size);
  for (const i of changed) visible[i] = columns.visible[i] as number;
  // A new slot has no master before (null, as a product that is no variation).
  const mastersMoved = changed.some((i) => (previous.columns.masterIds[i] ?? null) !== columns.masterIds[i]);
  const listable = mastersMoved || grown ? grownCopy(previous.listable, size) : previous.listable;
  if (mastersMoved || grown) for (const i of changed) listable[i] = columns.masterIds[i] === null ? 1 : 0;
  const variationsOf = mastersMoved ? variationIndex(columns, indexOf) : previous.variationsOf;
  // Parts the previous projection had built are patched now; the others are left to be built on
  // first use, from the columns.
  const categories =
    previous.hasPart('categories') && old.categories === catalog.categories
      ? patchedCategories(previous, catalog, columns, changed)
      : undefined;
  const makersChanged = changed.some((i) => previous.columns.manufacturers[i] !== columns.manufacturers[i]);
  const makers =
    previous.hasPart('manufacturers') && !makersChanged
      ? { manufacturers: previous.manufacturers, manufacturerOf: previous.manufacturerOf }
      : undefined;
  const facets = previous.hasPart('facets')
    ? patchedFacets(previous, indexOf, columns, visible, variationsOf, changed)
    : undefined;
  const locales = new Map<string, LocaleProjection>();
  for (const locale of catalog.settings.locales)
    if (previous.hasLocale(locale))
      locales.set(locale, patchedLocale(previous.locale(locale), columns, listable, changed));
  const currencies = new Map<string, CurrencyProjection>();
  for (const currency of catalog.settings.currencies)
    if (previous.hasCurrency(currency))
      currencies.set(currency, patchedCurrency(previous.currency(currency), columns, listable, changed));
  return assembledFrom(
    catalog,
    columns,
    { indexOf, visible, listable, variationsOf },
    {
      categories,
      makers,
      facets,
      locales,
      currencies,
    },
  );
}

/**
 * The projection from parts already made, the rest built on first use. A function of its own so
 * that the lazy builders' closures cannot hold the previous projection: V8 gives all closures of a
 * function one shared context, and an arrow in patchedProjection that reads `previous` would keep
 * every earlier catalog version alive through them (10,000 writes on 100,000 products ran out of
 * memory that way).
 */
function assembledFrom(
  catalog: Catalog,
  columns: ProductColumns,
  base: Pick<Parts, 'indexOf' | 'visible' | 'listable' | 'variationsOf'>,
  made: {
    categories: CategoryParts | undefined;
    makers: ManufacturerParts | undefined;
    facets: readonly FacetAttribute[] | undefined;
    locales: ReadonlyMap<string, LocaleProjection>;
    currencies: ReadonlyMap<string, CurrencyProjection>;
  },
): CatalogProjection {
  const { visible, listable, variationsOf } = base;
  return assemble(catalog, columns, {
    ...base,
    categories: () => made.categories ?? categoryProjection(catalog, columns),
    manufacturers: () => made.makers ?? manufacturerProjection(columns),
    facets: () => made.facets ?? facetAttributesOf(catalog, columns, visible, variationsOf),
    localeOf: (locale) => made.locales.get(locale) ?? buildLocale(columns, listable, locale),
    currencyOf: (currency) => made.currencies.get(currency) ?? buildCurrency(columns, listable, currency),
  });
}

/** A copy of a flag array with room for `size` slots (new ones 0). */
function grownCopy(flags: Uint8Array, size: number): Uint8Array {
  if (flags.length === size) return flags.slice();
  const copy = new Uint8Array(size);
  copy.set(flags.subarray(0, size));
  return copy;
}

/**
 * The projection after the products in `removed` slots (ascending) were deleted: `columns` are the
 * previous ones without those slots (columnsWithout). The sort orders built so far lose the slots
 * and the later ones move down (no sorting); the other parts are built on first use from the
 * columns, as after a cold start. O(catalog) array work, no product read.
 */
export function projectionWithout(
  previous: CatalogProjection,
  catalog: Catalog,
  columns: ProductColumns,
  removed: readonly number[],
): CatalogProjection {
  const gone = new Set(removed);
  const shifted = (order: Int32Array) => {
    const out: number[] = [];
    for (const i of order) {
      if (gone.has(i)) continue;
      // Slots below i that were removed: i moves down by that many (binary search in `removed`).
      let low = 0;
      let high = removed.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((removed[mid] as number) < i) low = mid + 1;
        else high = mid;
      }
      out.push(i - low);
    }
    return out;
  };
  const orders: ProjectionOrders = { names: {}, prices: {} };
  for (const locale of catalog.settings.locales)
    if (previous.hasLocale(locale)) orders.names[locale] = shifted(previous.locale(locale).nameOrder);
  for (const currency of catalog.settings.currencies)
    if (previous.hasCurrency(currency)) {
      const view = previous.currency(currency);
      orders.prices[currency] = { priced: shifted(view.priceOrder), unpriced: shifted(view.unpriced) };
    }
  const projection = projectionFromColumns(catalog, columns, orders);
  // Made now from the shifted orders, so a patch on top patches them instead of sorting anew.
  for (const locale of Object.keys(orders.names)) projection.locale(locale);
  for (const currency of Object.keys(orders.prices)) projection.currency(currency);
  return projection;
}

/** Facet values of the changed products and of their masters (old and new), which carry theirs. */
function patchedFacets(
  previous: CatalogProjection,
  indexOf: ReadonlyMap<string, number>,
  columns: ProductColumns,
  visible: Uint8Array,
  variationsOf: ReadonlyMap<number, readonly number[]>,
  changed: readonly number[],
): FacetAttribute[] {
  const touched = new Set(changed);
  for (const i of changed) {
    for (const master of [columns.masterIds[i], previous.columns.masterIds[i]]) {
      const m = master === null || master === undefined ? undefined : indexOf.get(master);
      if (m !== undefined) touched.add(m);
    }
  }
  return previous.facetAttributes.map((attribute) => {
    const productValues = [...attribute.productValues];
    for (const i of touched) productValues[i] = valuesOf(attribute, columns, visible, variationsOf, i);
    return { ...attribute, productValues };
  });
}

type CategoryParts = Pick<CatalogProjection, 'categoryIds' | 'categoryIndex' | 'productCategories'>;
type ManufacturerParts = Pick<CatalogProjection, 'manufacturers' | 'manufacturerOf'>;

interface Parts {
  indexOf: ReadonlyMap<string, number>;
  visible: Uint8Array;
  listable: Uint8Array;
  variationsOf: ReadonlyMap<number, readonly number[]>;
  categories: () => CategoryParts;
  manufacturers: () => ManufacturerParts;
  facets: () => readonly FacetAttribute[];
  localeOf: (locale: string) => LocaleProjection;
  currencyOf: (currency: string) => CurrencyProjection;
}

function assemble(catalog: Catalog, columns: ProductColumns, parts: Parts): CatalogProjection {
  const { localeOf, currencyOf, indexOf, visible, listable, variationsOf } = parts;
  const locales = new Map<string, LocaleProjection>();
  const currencies = new Map<string, CurrencyProjection>();
  let categories: CategoryParts | undefined;
  let makers: ManufacturerParts | undefined;
  let facets: readonly FacetAttribute[] | undefined;
  const category = () => {
    categories ??= parts.categories();
    return categories;
  };
  const maker = () => {
    makers ??= parts.manufacturers();
    return makers;
  };
  return {
    catalog,
    columns,
    productIds: columns.ids,
    indexOf,
    visible,
    listable,
    variationsOf,
    get categoryIds() {
      return category().categoryIds;
    },
    get categoryIndex() {
      return category().categoryIndex;
    },
    get productCategories() {
      return category().productCategories;
    },
    get manufacturers() {
      return maker().manufacturers;
    },
    get manufacturerOf() {
      return maker().manufacturerOf;
    },
    get facetAttributes() {
      facets ??= parts.facets();
      return facets;
    },
    hasPart: (part) =>
      part === 'categories'
        ? categories !== undefined
        : part === 'manufacturers'
          ? makers !== undefined
          : facets !== undefined,
    hasLocale: (locale) => locales.has(locale),
    hasCurrency: (currency) => currencies.has(currency),
    locale: (locale) => {
      let view = locales.get(locale);
      if (!view) {
        view = localeOf(locale);
        locales.set(locale, view);
      }
      return view;
    },
    currency: (currency) => {
      let view = currencies.get(currency);
      if (!view) {
        view = currencyOf(currency);
        currencies.set(currency, view);
      }
      return view;
    },
  };
}

function variationIndex(columns: ProductColumns, indexOf: ReadonlyMap<string, number>) {
  const variationsOf = new Map<number, number[]>();
  columns.masterIds.forEach((masterId, i) => {
    const master = masterId === null ? undefined : indexOf.get(masterId);
    if (master === undefined) return;
    const list = variationsOf.get(master) ?? [];
    list.push(i);
    variationsOf.set(master, list);
  });
  return variationsOf;
}

function categoryProjection(catalog: Catalog, columns: ProductColumns) {
  const categoryIds = [...catalog.categories.keys()];
  const categoryIndex = new Map(categoryIds.map((id, i) => [id, i]));
  const lineage = lineageOf(catalog, categoryIds, categoryIndex);
  const productCategories = columns.categoryIds.map((ids) => categoriesOf(ids, categoryIndex, lineage));
  return { categoryIds, categoryIndex, productCategories };
}

function patchedCategories(
  previous: CatalogProjection,
  catalog: Catalog,
  columns: ProductColumns,
  changed: readonly number[],
) {
  const { categoryIds, categoryIndex } = previous;
  const lineage = lineageOf(catalog, categoryIds, categoryIndex);
  const productCategories = [...previous.productCategories];
  for (const i of changed)
    productCategories[i] = categoriesOf(columns.categoryIds[i] ?? [], categoryIndex, lineage);
  return { categoryIds, categoryIndex, productCategories };
}

/** Per category: itself and its ancestors, sorted (shared by every product in just that category). */
function lineageOf(catalog: Catalog, categoryIds: readonly string[], index: ReadonlyMap<string, number>) {
  return categoryIds.map((id) => Int32Array.from(ancestorsOf(catalog, id, index).sort((a, b) => a - b)));
}

const NO_CATEGORIES = new Int32Array(0);

/** A product's categories with their ancestors; the arrays are shared and never changed. */
function categoriesOf(
  ids: readonly string[],
  categoryIndex: ReadonlyMap<string, number>,
  lineage: readonly Int32Array[],
): Int32Array {
  if (ids.length === 0) return NO_CATEGORIES;
  if (ids.length === 1) {
    const index = categoryIndex.get(ids[0] as string);
    return index === undefined ? NO_CATEGORIES : (lineage[index] as Int32Array);
  }
  const set = new Set<number>();
  for (const id of ids) {
    const index = categoryIndex.get(id);
    if (index !== undefined) for (const c of lineage[index] ?? []) set.add(c);
  }
  return Int32Array.from([...set].sort((a, b) => a - b));
}

function manufacturerProjection(columns: ProductColumns) {
  const manufacturers = [...new Set(columns.manufacturers.filter((m): m is string => !!m))].sort();
  const manufacturerIndex = new Map(manufacturers.map((m, i) => [m, i]));
  const manufacturerOf = Int32Array.from(columns.manufacturers, (m) =>
    m ? (manufacturerIndex.get(m) ?? -1) : -1,
  );
  return { manufacturers, manufacturerOf };
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
  columns: ProductColumns,
  visible: Uint8Array,
  variationsOf: ReadonlyMap<number, readonly number[]>,
): FacetAttribute {
  const values = definition.values.map((v) => v.value);
  const valueIndex = new Map(values.map((v, i) => [v, i]));
  const attribute = { key: definition.key, definition, values, valueIndex, productValues: [] };
  const productValues = columns.ids.map((_, i) => valuesOf(attribute, columns, visible, variationsOf, i));
  return { ...attribute, productValues };
}

const NO_VALUES = new Int32Array(0);
/** One-value lists, shared: most products hold one value of an attribute (no array per product). */
const singleValues: Int32Array[] = [];
const single = (index: number) => {
  let list = singleValues[index];
  if (!list) {
    list = Int32Array.of(index);
    singleValues[index] = list;
  }
  return list;
};

/** A product's own values of the attribute, and for a master those of its visible variations. */
function valuesOf(
  attribute: Pick<FacetAttribute, 'key' | 'valueIndex'>,
  columns: ProductColumns,
  visible: Uint8Array,
  variationsOf: ReadonlyMap<number, readonly number[]>,
  i: number,
): Int32Array {
  const own = columns.facetValues[attribute.key] ?? [];
  const variations = variationsOf.get(i);
  const mine = own[i];
  if (!variations && !mine?.includes(FIELD_SEPARATOR)) {
    const index = mine ? attribute.valueIndex.get(mine) : undefined;
    return index === undefined ? NO_VALUES : single(index);
  }
  const set = new Set<number>();
  const add = (joined: string | undefined) => {
    if (!joined) return;
    for (const v of joined.split(FIELD_SEPARATOR)) {
      const index = attribute.valueIndex.get(v);
      if (index !== undefined) set.add(index);
    }
  };
  add(mine);
  for (const v of variations ?? []) if (visible[v]) add(own[v]);
  if (set.size === 0) return NO_VALUES;
  if (set.size === 1) return single(set.values().next().value as number);
  return Int32Array.from([...set].sort((a, b) => a - b));
}

function nameComparator(columns: ProductColumns, locale: string) {
  const displayNames = columns.locales[locale]?.displayNames ?? [];
  const collator = new Intl.Collator(locale.replace('_', '-'), { sensitivity: 'base', numeric: true });
  return (a: number, b: number) =>
    collator.compare(displayNames[a] ?? '', displayNames[b] ?? '') || byId(columns, a, b);
}

function buildLocale(
  columns: ProductColumns,
  listable: Uint8Array,
  locale: string,
  seededOrder?: Int32Array,
): LocaleProjection {
  let nameOrder = seededOrder;
  if (!nameOrder) {
    const order: number[] = [];
    for (let i = 0; i < listable.length; i++) if (listable[i]) order.push(i);
    order.sort(nameComparator(columns, locale));
    nameOrder = Int32Array.from(order);
  }
  return localeView(columns, locale, nameOrder);
}

function patchedLocale(
  previous: LocaleProjection,
  columns: ProductColumns,
  listable: Uint8Array,
  changed: readonly number[],
): LocaleProjection {
  const order = reinserted(
    previous.nameOrder,
    changed,
    (i) => listable[i] === 1,
    nameComparator(columns, previous.locale),
  );
  return localeView(columns, previous.locale, order);
}

/**
 * A locale's part of the projection. Its texts are read from the columns on first use (a query, a
 * search), so a plain product list of a cold start never loads them.
 */
function localeView(columns: ProductColumns, locale: string, nameOrder: Int32Array): LocaleProjection {
  const size = columns.ids.length;
  let texts: { names: string[]; keywords: string[]; descriptions: string[]; joined: string[] } | undefined;
  const loaded = () => {
    if (!texts) {
      const { names, keywords, descriptions } = columns.locales[locale]?.searchTexts ?? {
        names: [],
        keywords: [],
        descriptions: [],
      };
      const joined = new Array<string>(size);
      for (let i = 0; i < size; i++)
        joined[i] = `${names[i]}${FIELD_SEPARATOR}${keywords[i]}${FIELD_SEPARATOR}${descriptions[i]}`;
      texts = { names, keywords, descriptions, joined };
    }
    return texts;
  };
  const nameRank = new Int32Array(size).fill(-1);
  nameOrder.forEach((p, rank) => {
    nameRank[p] = rank;
  });
  let vocabulary: Map<string, number> | undefined;
  return {
    locale,
    get names() {
      return loaded().names;
    },
    get keywords() {
      return loaded().keywords;
    },
    get descriptions() {
      return loaded().descriptions;
    },
    get texts() {
      return loaded().joined;
    },
    nameOrder,
    nameRank,
    matchCache: new Map(),
    vocabulary: () => {
      if (!vocabulary) {
        vocabulary = new Map();
        const { names, keywords } = loaded();
        for (let i = 0; i < size; i++) {
          for (const word of `${names[i]} ${keywords[i]}`.split(/[^\p{L}\p{N}]+/u)) {
            if (word.length >= 3) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
          }
        }
      }
      return vocabulary;
    },
  };
}

/**
 * An order without the changed slots, then with those of them that belong in it put back where
 * `compare` says (binary search): the order after a few products changed, without sorting it all.
 */
function reinserted(
  order: Int32Array,
  changed: readonly number[],
  belongs: (i: number) => boolean,
  compare: (a: number, b: number) => number,
): Int32Array {
  const out = new Set(changed);
  const kept: number[] = [];
  for (const i of order) if (!out.has(i)) kept.push(i);
  for (const i of out) {
    if (!belongs(i)) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(kept[mid] as number, i) < 0) low = mid + 1;
      else high = mid;
    }
    kept.splice(low, 0, i);
  }
  return Int32Array.from(kept);
}

function pricesOf(columns: ProductColumns, currency: string): Float64Array {
  const list = columns.prices[currency] ?? [];
  const prices = new Float64Array(columns.ids.length).fill(Number.NaN);
  for (let i = 0; i < list.length; i++) {
    const price = list[i];
    if (price !== null && price !== undefined) prices[i] = price;
  }
  return prices;
}

function buildCurrency(
  columns: ProductColumns,
  listable: Uint8Array,
  currency: string,
  seeded?: { priced: Int32Array; unpriced: Int32Array },
): CurrencyProjection {
  const prices = pricesOf(columns, currency);
  if (seeded) return { currency, prices, priceOrder: seeded.priced, unpriced: seeded.unpriced };
  const priced: number[] = [];
  const unpriced: number[] = [];
  for (let i = 0; i < listable.length; i++) {
    if (!listable[i]) continue;
    if (Number.isNaN(prices[i])) unpriced.push(i);
    else priced.push(i);
  }
  priced.sort((a, b) => (prices[a] as number) - (prices[b] as number) || byId(columns, a, b));
  unpriced.sort((a, b) => byId(columns, a, b));
  return { currency, prices, priceOrder: Int32Array.from(priced), unpriced: Int32Array.from(unpriced) };
}

function patchedCurrency(
  previous: CurrencyProjection,
  columns: ProductColumns,
  listable: Uint8Array,
  changed: readonly number[],
): CurrencyProjection {
  const prices = new Float64Array(columns.ids.length).fill(Number.NaN);
  prices.set(previous.prices.subarray(0, prices.length));
  const list = columns.prices[previous.currency] ?? [];
  for (const i of changed) prices[i] = list[i] ?? Number.NaN;
  const isPriced = (i: number) => listable[i] === 1 && !Number.isNaN(prices[i]);
  const isUnpriced = (i: number) => listable[i] === 1 && Number.isNaN(prices[i]);
  return {
    currency: previous.currency,
    prices,
    priceOrder: reinserted(
      previous.priceOrder,
      changed,
      isPriced,
      (a, b) => (prices[a] as number) - (prices[b] as number) || byId(columns, a, b),
    ),
    unpriced: reinserted(previous.unpriced, changed, isUnpriced, (a, b) => byId(columns, a, b)),
  };
}

function byId(columns: ProductColumns, a: number, b: number): number {
  const x = columns.ids[a] ?? '';
  const y = columns.ids[b] ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}
