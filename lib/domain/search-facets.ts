import { asciiJson, commaList, JsonText } from '../json-text';
import { speedTrickOn } from '../speed/switches';
import { type Catalog, localize } from './catalog';
import type { CatalogProjection, CurrencyProjection } from './catalog-projection';
import { keptByKey, keptFor } from './kept';
import { formatMoney, minorDigits, toDecimalString } from './money';
import {
  type ActiveFilter,
  CATEGORY_FIELD,
  type FacetField,
  fieldKey,
  MANUFACTURER_FIELD,
  PRICE_FIELD,
} from './search-filters';

/** A facet value of the spec's product search result (the shape of renderFacets' JSON). */
export interface FacetValue {
  /** Products matching every other active filter plus this value; -1 for price ranges (spec). */
  matches: number;
  name: string;
  filter: { fieldName: string; attributeValue?: string; attributeRange?: { min: number; max: number } };
  selectedValue?: string;
  selectedRange?: { min?: number | undefined; max?: number | undefined };
}

export interface Facet {
  attributeName: string;
  attributeType: 'Standard' | 'PreDefString';
  values: FacetValue[];
}

/** Price range buckets of a currency: bucket k holds prices from bounds[k] to bounds[k + 1] − 1 minor unit. */
export interface PriceBuckets {
  bounds: readonly number[];
  /** Per product: its bucket, -1 without a price. */
  bucketOf: Int16Array;
}

const bucketCache = new WeakMap<CurrencyProjection, PriceBuckets>();

/**
 * The ListPrice facet's ranges: 0–10, 10–25, 25–50, 50–100, 100–250, ... in major units of the
 * currency (each range ends one minor unit below the next), up to the dearest listable product.
 */
export function priceBuckets(projection: CatalogProjection, currency: string): PriceBuckets {
  const view = projection.currency(currency);
  let buckets = bucketCache.get(view);
  if (!buckets) {
    let highest = 0;
    for (const i of view.priceOrder) highest = Math.max(highest, view.prices[i] as number);
    const unit = 10 ** minorDigits(currency);
    const bounds = [0];
    for (let decade = 10; (bounds.at(-1) as number) <= highest; decade *= 10) {
      for (const step of [1, 2.5, 5]) bounds.push(Math.round(decade * step * unit));
    }
    while (bounds.length > 2 && (bounds.at(-2) as number) > highest) bounds.pop();
    const bucketOf = new Int16Array(view.prices.length).fill(-1);
    view.prices.forEach((price, i) => {
      if (Number.isNaN(price) || price < 0) return;
      let k = 0;
      while (k + 1 < bounds.length - 1 && price >= (bounds[k + 1] as number)) k++;
      bucketOf[i] = k;
    });
    buckets = { bounds, bucketOf };
    bucketCache.set(view, buckets);
  }
  return buckets;
}

/**
 * The values every product holds in one facet field, flat: product i holds values[offsets[i]] up to
 * values[offsets[i + 1] − 1]. Built once per projection (per currency for prices), so counting a
 * request walks plain integer arrays (no closure or allocation per product).
 */
export interface FieldValues {
  offsets: Int32Array;
  values: Int32Array;
}

/** One facet field while counting: the values products hold in it and, when filtered, the test. */
export interface CountedField {
  field: FacetField;
  held: FieldValues;
  counts: Int32Array;
  active?: ActiveFilter;
  /** When filtered: 1 for each product the filter lets through (indexed like the projection). */
  mask?: Uint8Array;
  /** When filtered on values: the products holding each chosen value (a product may be in several). */
  holders?: Int32Array[];
}

interface FieldLayout {
  field: FacetField;
  held: FieldValues;
  valueCount: number;
}

const layoutCache = new WeakMap<PriceBuckets, FieldLayout[]>();

/** The facet fields of a projection and currency (their buckets), with the values products hold: made once. */
function fieldLayout(projection: CatalogProjection, buckets: PriceBuckets): FieldLayout[] {
  let layout = speedTrickOn('facet-tables') ? layoutCache.get(buckets) : undefined;
  if (layout) return layout;
  const size = projection.productIds.length;
  const single = (of: ArrayLike<number>) =>
    heldValues(of, size, (i, add) => {
      const v = of[i] as number;
      if (v >= 0) add(v);
    });
  const lists = (of: readonly ArrayLike<number>[]) =>
    heldValues(of, size, (i, add) => {
      const values = of[i];
      if (values) for (let k = 0; k < values.length; k++) add(values[k] as number);
    });
  layout = [
    {
      field: { kind: 'category' },
      held: lists(projection.productCategories),
      valueCount: projection.categoryIds.length,
    },
    {
      field: { kind: 'manufacturer' },
      held: single(projection.manufacturerOf),
      valueCount: projection.manufacturers.length,
    },
    {
      field: { kind: 'price' },
      held: single(buckets.bucketOf),
      valueCount: Math.max(0, buckets.bounds.length - 1),
    },
    ...projection.facetAttributes.map((attribute, a) => ({
      field: { kind: 'attribute' as const, attribute: a },
      held: lists(attribute.productValues),
      valueCount: attribute.values.length,
    })),
  ];
  layoutCache.set(buckets, layout);
  return layout;
}

/** The facet fields in answer order: Category, Manufacturer, ListPrice, then each predefined attribute. */
export function countedFields(
  projection: CatalogProjection,
  buckets: PriceBuckets,
  prices: Float64Array,
  filters: readonly ActiveFilter[],
): CountedField[] {
  const active = new Map(filters.map((f) => [fieldKey(f.field), f]));
  const size = projection.productIds.length;
  const fields = fieldLayout(projection, buckets).map(
    ({ field, held, valueCount }): CountedField => ({ field, held, counts: new Int32Array(valueCount) }),
  );
  return fields.map((f) => {
    const filter = active.get(fieldKey(f.field));
    if (!filter) return f;
    if (f.field.kind === 'price') return { ...f, active: filter, mask: priceMask(prices, filter.ranges) };
    // From the products holding each chosen value: no walk over the whole catalog per request.
    const all = holdersOf(f.held, f.counts.length);
    const holders = [...filter.values].flatMap((value) => {
      const list = all[value];
      return list ? [list] : [];
    });
    const [only] = filter.values;
    const mask =
      filter.values.size === 1 && only !== undefined
        ? valueMask(f.held, only, holders, size)
        : marked(holders, size);
    return { ...f, active: filter, mask, holders };
  });
}

const priceOrders = new WeakMap<Float64Array, Int32Array>();

/**
 * 1 for each product priced within one of the ranges (ends included). Walks the products in price
 * order from each range's first price on (a binary search), so a range costs what it holds, not a
 * pass over the catalog per request.
 */
function priceMask(prices: Float64Array, ranges: readonly { min: number; max: number }[]): Uint8Array {
  // The priced products (NaN = no price in this currency), cheapest first; kept per price list.
  const order = tableFor(priceOrders, prices, () =>
    Int32Array.from(prices.keys())
      .filter((i) => !Number.isNaN(prices[i]))
      .sort((a, b) => (prices[a] as number) - (prices[b] as number)),
  );
  const mask = new Uint8Array(prices.length);
  for (const { min, max } of ranges) {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((prices[order[mid] as number] as number) < min) low = mid + 1;
      else high = mid;
    }
    for (let k = low; k < order.length && (prices[order[k] as number] as number) <= max; k++)
      mask[order[k] as number] = 1;
  }
  return mask;
}

/** 1 for each product the lists hold. */
function marked(lists: readonly Int32Array[], size: number): Uint8Array {
  const mask = new Uint8Array(size);
  for (const list of lists) for (let k = 0; k < list.length; k++) mask[list[k] as number] = 1;
  return mask;
}

const valueMaskCache = new WeakMap<FieldValues, Map<number, Uint8Array>>();

/**
 * The products holding one value, kept per field and value: filtering on a single value is the
 * common case (a category page, one colour), and a catalog-sized array per request cost more than
 * the counting. At most one byte per product for each value ever filtered on.
 */
function valueMask(
  held: FieldValues,
  value: number,
  holders: readonly Int32Array[],
  size: number,
): Uint8Array {
  if (!speedTrickOn('facet-tables')) return marked(holders, size);
  return keptByKey(valueMaskCache, held, value, () => marked(holders, size));
}

/** A table kept as long as its owner lives; built anew on every call with `facet-tables` off. */
function tableFor<O extends object, V>(cache: WeakMap<O, V>, owner: O, build: () => V): V {
  return speedTrickOn('facet-tables') ? keptFor(cache, owner, build) : build();
}

const heldCache = new WeakMap<object, FieldValues>();

/** A field's values of every product, flattened once per source array (kept as long as it lives). */
function heldValues(
  source: object,
  size: number,
  each: (product: number, add: (value: number) => void) => void,
): FieldValues {
  return tableFor(heldCache, source, () => {
    const offsets = new Int32Array(size + 1);
    const values: number[] = [];
    const add = (value: number) => {
      values.push(value);
    };
    for (let i = 0; i < size; i++) {
      each(i, add);
      offsets[i + 1] = values.length;
    }
    return { offsets, values: Int32Array.from(values) };
  });
}

const holderCache = new WeakMap<FieldValues, Int32Array[]>();

/** Per value of a field, the products holding it (built on the first filter on that field). */
function holdersOf(held: FieldValues, valueCount: number): Int32Array[] {
  return tableFor(holderCache, held, () => {
    const lists: number[][] = Array.from({ length: valueCount }, () => []);
    for (let i = 0; i + 1 < held.offsets.length; i++) {
      for (let k = held.offsets[i] as number; k < (held.offsets[i + 1] as number); k++)
        lists[held.values[k] as number]?.push(i);
    }
    return lists.map((list) => Int32Array.from(list));
  });
}

const collators = new Map<string, Intl.Collator>();

/** Building an Intl.Collator costs more than a whole warm search; one per locale is kept. */
function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale.replace('_', '-'), { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * One facet value as JSON text, but for its count: `"name":…,"filter":{…}` and the
 * `,"selectedValue":…` it carries when chosen. Made once per projection and locale, so a request
 * writes the ~230 values of a 10k catalog's facets by joining strings (issue "Performance").
 */
interface ValueText {
  /** The value's index in its field's counts. */
  index: number;
  body: string;
  selected: string;
}

/** What facets show of a catalog in one locale, as JSON text parts (one per shown value, in answer order). */
interface FacetTexts {
  /** Categories that can be shown (not the root, visible), in catalog order. */
  categories: ValueText[];
  /** Manufacturers in the locale's alphabetical order. */
  manufacturers: ValueText[];
  /** Per facet attribute: the facet's opening text and its values (in definition order). */
  attributes: { head: string; values: ValueText[] }[];
}

const textCache = new WeakMap<CatalogProjection, Map<string, FacetTexts>>();

function facetTexts(catalog: Catalog, projection: CatalogProjection, locale: string): FacetTexts {
  if (!speedTrickOn('json-parts')) return buildFacetTexts(catalog, projection, locale);
  return keptByKey(textCache, projection, locale, () => buildFacetTexts(catalog, projection, locale));
}

function buildFacetTexts(catalog: Catalog, projection: CatalogProjection, locale: string): FacetTexts {
  const collator = collatorFor(locale);
  const language = locale.slice(0, 2);
  return {
    categories: projection.categoryIds.flatMap((id, index) => {
      const category = catalog.categories.get(id);
      // The root holds everything and invisible categories are not shown to shoppers.
      if (!category || category.parentId === null || !category.visible) return [];
      return [valueText(index, localize(catalog, category.name, locale) ?? id, CATEGORY_FIELD, id)];
    }),
    manufacturers: projection.manufacturers
      .map((_, i) => i)
      .sort((a, b) =>
        collator.compare(projection.manufacturers[a] as string, projection.manufacturers[b] as string),
      )
      .map((i) => {
        const name = projection.manufacturers[i] as string;
        return valueText(i, name, MANUFACTURER_FIELD, name);
      }),
    attributes: projection.facetAttributes.map((attribute) => {
      const fieldName = `PreDefString_${language}_${attribute.key}`;
      const name = localize(catalog, attribute.definition.displayKey, locale) ?? attribute.key;
      return {
        head: facetHead(name, 'PreDefString'),
        values: attribute.definition.values.map((v, i) =>
          valueText(i, localize(catalog, v.displayValue, locale) ?? v.value, fieldName, v.value),
        ),
      };
    }),
  };
}

function valueText(index: number, name: string, fieldName: string, value: string): ValueText {
  return {
    index,
    body: `"name":${asciiJson(name)},"filter":${asciiJson({ fieldName, attributeValue: value })}`,
    selected: `,"selectedValue":${asciiJson(value)}`,
  };
}

/** A facet's JSON up to its values: `{"attributeName":…,"attributeType":…,"values":[`. */
function facetHead(attributeName: string, attributeType: Facet['attributeType']): string {
  return `{"attributeName":${asciiJson(attributeName)},"attributeType":"${attributeType}","values":[`;
}

const CATEGORY_HEAD = facetHead('Category', 'Standard');
const MANUFACTURER_HEAD = facetHead('Manufacturer', 'Standard');
const PRICE_HEAD = facetHead(PRICE_FIELD, 'Standard');

/**
 * The spec's facets (Facet[] as JSON text) of counted fields, in the request locale and currency:
 * a value is shown when products hold it or the client chose it.
 */
export function renderFacets(
  catalog: Catalog,
  projection: CatalogProjection,
  fields: readonly CountedField[],
  buckets: PriceBuckets,
  ctx: { locale: string; currency: string },
): JsonText {
  const texts = facetTexts(catalog, projection, ctx.locale);
  const facets = fields.map(({ field, counts, active }) => {
    switch (field.kind) {
      case 'category':
        return `${CATEGORY_HEAD}${valuesText(texts.categories, counts, active)}]}`;
      case 'manufacturer':
        return `${MANUFACTURER_HEAD}${valuesText(texts.manufacturers, counts, active)}]}`;
      case 'price': {
        return `${PRICE_HEAD}${commaList(priceValueTexts(counts, active, buckets, ctx))}]}`;
      }
      default: {
        const attribute = texts.attributes[field.attribute];
        if (!attribute) throw new Error(`no facet attribute ${field.attribute}`);
        return `${attribute.head}${valuesText(attribute.values, counts, active)}]}`;
      }
    }
  });
  return new JsonText(`[${commaList(facets)}]`);
}

/** The shown values of a field, comma-separated: `{"matches":n,"name":…,"filter":{…}}`. */
function valuesText(
  values: readonly ValueText[],
  counts: Int32Array,
  active: ActiveFilter | undefined,
): string {
  let text = '';
  for (const { index, body, selected } of values) {
    const matches = counts[index] as number;
    const chosen = active?.values.has(index) === true;
    if (matches > 0 || chosen)
      text += `${text ? ',' : ''}{"matches":${matches},${body}${chosen ? selected : ''}}`;
  }
  return text;
}

/** How a currency's amounts read in facets: major units for filters, formatted money for names. */
function priceFormat({ currency, locale }: { locale: string; currency: string }) {
  return {
    major: (minor: number) => Number(toDecimalString(minor, currency)),
    label: (min: number, max: number) =>
      `${Number.isFinite(min) ? formatMoney(min, currency, locale) : ''} – ${Number.isFinite(max) ? formatMoney(max, currency, locale) : ''}`.trim(),
  };
}

const bucketTextCache = new WeakMap<PriceBuckets, Map<string, string[]>>();

/**
 * Each price bucket's value as JSON text but for the count and selection: `"name":"10,00 € – 24,99
 * €","filter":{…}`; made once per currency and locale.
 */
function bucketTexts(buckets: PriceBuckets, ctx: { locale: string; currency: string }): string[] {
  const build = () => {
    const { major, label } = priceFormat(ctx);
    return buckets.bounds.slice(0, -1).map((min, k) => {
      const max = (buckets.bounds[k + 1] as number) - 1;
      const filter = { fieldName: PRICE_FIELD, attributeRange: { min: major(min), max: major(max) } };
      return `"name":${asciiJson(label(min, max))},"filter":${asciiJson(filter)}`;
    });
  };
  return speedTrickOn('json-parts') ? keptByKey(bucketTextCache, buckets, ctx.locale, build) : build();
}

/** The ListPrice facet's values as JSON texts: the buckets products lie in or the client chose (matches is always -1: spec). */
function priceValueTexts(
  counts: Int32Array,
  active: ActiveFilter | undefined,
  buckets: PriceBuckets,
  ctx: { locale: string; currency: string },
): string[] {
  const texts = bucketTexts(buckets, ctx);
  const ranges = active?.ranges ?? [];
  const matched = new Set<number>();
  const values: string[] = [];
  for (let k = 0; k < counts.length; k++) {
    const min = buckets.bounds[k] as number;
    const max = (buckets.bounds[k + 1] as number) - 1;
    const chosen = ranges.findIndex((r) => r.min === min && r.max === max);
    if (chosen >= 0) matched.add(chosen);
    if ((counts[k] as number) === 0 && chosen < 0) continue;
    const selected = chosen >= 0 ? `,"selectedRange":${asciiJson(ranges[chosen]?.requested)}` : '';
    values.push(`{"matches":-1,${texts[k]}${selected}}`);
  }
  // A range the client chose that is not one of ours is shown too, so it can be unselected.
  const { major, label } = priceFormat(ctx);
  ranges.forEach((r, i) => {
    if (matched.has(i)) return;
    const value: FacetValue = {
      matches: -1,
      name: label(r.min, r.max),
      filter: {
        fieldName: PRICE_FIELD,
        attributeRange: {
          ...(Number.isFinite(r.min) ? { min: major(r.min) } : {}),
          ...(Number.isFinite(r.max) ? { max: major(r.max) } : {}),
        } as { min: number; max: number },
      },
      selectedRange: r.requested,
    };
    values.push(asciiJson(value));
  });
  return values;
}
