import { type Catalog, localize } from './catalog';
import type { CatalogProjection, CurrencyProjection } from './catalog-projection';
import { formatMoney, minorDigits, toDecimalString } from './money';
import {
  type ActiveFilter,
  CATEGORY_FIELD,
  type FacetField,
  fieldKey,
  MANUFACTURER_FIELD,
  PRICE_FIELD,
} from './search-filters';

/** A facet value of the spec's product search result. */
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

/** Adds one product's values in a field to the field's counts. */
export function countValues(counts: Int32Array, held: FieldValues, product: number): void {
  const { offsets, values } = held;
  const end = offsets[product + 1] as number;
  for (let k = offsets[product] as number; k < end; k++) {
    const v = values[k] as number;
    counts[v] = (counts[v] as number) + 1;
  }
}

/** The facet fields in answer order: Category, Manufacturer, ListPrice, then each predefined attribute. */
export function countedFields(
  projection: CatalogProjection,
  buckets: PriceBuckets,
  prices: Float64Array,
  filters: readonly ActiveFilter[],
): CountedField[] {
  const active = new Map(filters.map((f) => [fieldKey(f.field), f]));
  const size = projection.products.length;
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
  const fields: CountedField[] = [
    {
      field: { kind: 'category' },
      held: lists(projection.productCategories),
      counts: new Int32Array(projection.categoryIds.length),
    },
    {
      field: { kind: 'manufacturer' },
      held: single(projection.manufacturerOf),
      counts: new Int32Array(projection.manufacturers.length),
    },
    {
      field: { kind: 'price' },
      held: single(buckets.bucketOf),
      counts: new Int32Array(Math.max(0, buckets.bounds.length - 1)),
    },
    ...projection.facetAttributes.map((attribute, a) => ({
      field: { kind: 'attribute' as const, attribute: a },
      held: lists(attribute.productValues),
      counts: new Int32Array(attribute.values.length),
    })),
  ];
  return fields.map((f) => {
    const filter = active.get(fieldKey(f.field));
    if (!filter) return f;
    const mask = new Uint8Array(size);
    if (f.field.kind === 'price') {
      for (let i = 0; i < prices.length; i++) {
        const price = prices[i] as number;
        if (!Number.isNaN(price) && filter.ranges.some((r) => price >= r.min && price <= r.max)) mask[i] = 1;
      }
      return { ...f, active: filter, mask };
    }
    // From the products holding each chosen value: no walk over the whole catalog per request.
    const all = holdersOf(f.held, f.counts.length);
    const holders = [...filter.values].flatMap((value) => {
      const list = all[value];
      return list ? [list] : [];
    });
    for (const list of holders) for (let k = 0; k < list.length; k++) mask[list[k] as number] = 1;
    return { ...f, active: filter, mask, holders };
  });
}

const heldCache = new WeakMap<object, FieldValues>();

/** A field's values of every product, flattened once per source array (kept as long as it lives). */
function heldValues(
  source: object,
  size: number,
  each: (product: number, add: (value: number) => void) => void,
): FieldValues {
  let held = heldCache.get(source);
  if (!held) {
    const offsets = new Int32Array(size + 1);
    const values: number[] = [];
    const add = (value: number) => {
      values.push(value);
    };
    for (let i = 0; i < size; i++) {
      each(i, add);
      offsets[i + 1] = values.length;
    }
    held = { offsets, values: Int32Array.from(values) };
    heldCache.set(source, held);
  }
  return held;
}

const holderCache = new WeakMap<FieldValues, Int32Array[]>();

/** Per value of a field, the products holding it (built on the first filter on that field). */
function holdersOf(held: FieldValues, valueCount: number): Int32Array[] {
  let holders = holderCache.get(held);
  if (!holders) {
    const lists: number[][] = Array.from({ length: valueCount }, () => []);
    for (let i = 0; i + 1 < held.offsets.length; i++) {
      for (let k = held.offsets[i] as number; k < (held.offsets[i + 1] as number); k++)
        lists[held.values[k] as number]?.push(i);
    }
    holders = lists.map((list) => Int32Array.from(list));
    holderCache.set(held, holders);
  }
  return holders;
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

/** What facets show of a catalog in one locale: names and orders, computed once per projection. */
interface FacetLabels {
  /** Categories that can be shown (not the root, visible): index, id, localized name. */
  categories: { index: number; id: string; name: string }[];
  /** Manufacturer indexes in the locale's alphabetical order. */
  manufacturerOrder: number[];
  /** Per facet attribute: its localized name and its values' (in definition order). */
  attributes: { name: string; values: { value: string; name: string }[] }[];
}

const labelCache = new WeakMap<CatalogProjection, Map<string, FacetLabels>>();

function facetLabels(catalog: Catalog, projection: CatalogProjection, locale: string): FacetLabels {
  let byLocale = labelCache.get(projection);
  if (!byLocale) {
    byLocale = new Map();
    labelCache.set(projection, byLocale);
  }
  let labels = byLocale.get(locale);
  if (!labels) {
    const collator = collatorFor(locale);
    labels = {
      categories: projection.categoryIds.flatMap((id, index) => {
        const category = catalog.categories.get(id);
        // The root holds everything and invisible categories are not shown to shoppers.
        if (!category || category.parentId === null || !category.visible) return [];
        return [{ index, id, name: localize(catalog, category.name, locale) ?? id }];
      }),
      manufacturerOrder: projection.manufacturers
        .map((_, i) => i)
        .sort((a, b) =>
          collator.compare(projection.manufacturers[a] as string, projection.manufacturers[b] as string),
        ),
      attributes: projection.facetAttributes.map((attribute) => ({
        name: localize(catalog, attribute.definition.displayKey, locale) ?? attribute.key,
        values: attribute.definition.values.map((v) => ({
          value: v.value,
          name: localize(catalog, v.displayValue, locale) ?? v.value,
        })),
      })),
    };
    byLocale.set(locale, labels);
  }
  return labels;
}

/** Renders counted fields as the spec's facets, in the request locale and currency. */
export function renderFacets(
  catalog: Catalog,
  projection: CatalogProjection,
  fields: readonly CountedField[],
  buckets: PriceBuckets,
  ctx: { locale: string; currency: string },
): Facet[] {
  const language = ctx.locale.slice(0, 2);
  const labels = facetLabels(catalog, projection, ctx.locale);
  return fields.map(({ field, counts, active }) => {
    const selected = (i: number) => active?.values.has(i) === true;
    const pick = (i: number) => (counts[i] as number) > 0 || selected(i);
    switch (field.kind) {
      case 'category':
        return {
          attributeName: 'Category',
          attributeType: 'Standard',
          values: labels.categories.flatMap(({ index, id, name }) =>
            pick(index)
              ? [facetValue(counts[index] as number, name, CATEGORY_FIELD, id, selected(index))]
              : [],
          ),
        };
      case 'manufacturer':
        return {
          attributeName: 'Manufacturer',
          attributeType: 'Standard',
          values: labels.manufacturerOrder.flatMap((i) => {
            const name = projection.manufacturers[i] as string;
            return pick(i)
              ? [facetValue(counts[i] as number, name, MANUFACTURER_FIELD, name, selected(i))]
              : [];
          }),
        };
      case 'price':
        return {
          attributeName: PRICE_FIELD,
          attributeType: 'Standard',
          values: priceValues(counts, active, buckets, ctx),
        };
      default: {
        const attribute = projection.facetAttributes[field.attribute];
        const label = labels.attributes[field.attribute];
        if (!attribute || !label) throw new Error(`no facet attribute ${field.attribute}`);
        const fieldName = `PreDefString_${language}_${attribute.key}`;
        return {
          attributeName: label.name,
          attributeType: 'PreDefString',
          values: label.values.flatMap((v, i) =>
            pick(i) ? [facetValue(counts[i] as number, v.name, fieldName, v.value, selected(i))] : [],
          ),
        };
      }
    }
  });
}

function facetValue(
  matches: number,
  name: string,
  fieldName: string,
  value: string,
  selected: boolean,
): FacetValue {
  return {
    matches,
    name,
    filter: { fieldName, attributeValue: value },
    ...(selected ? { selectedValue: value } : {}),
  };
}

const priceLabelCache = new WeakMap<PriceBuckets, Map<string, string[]>>();

/** The name of each price bucket in a locale ("10,00 € – 24,99 €"), made once per currency and locale. */
function bucketNames(
  buckets: PriceBuckets,
  label: (min: number, max: number) => string,
  locale: string,
): string[] {
  let byLocale = priceLabelCache.get(buckets);
  if (!byLocale) {
    byLocale = new Map();
    priceLabelCache.set(buckets, byLocale);
  }
  let names = byLocale.get(locale);
  if (!names) {
    names = buckets.bounds.slice(0, -1).map((min, k) => label(min, (buckets.bounds[k + 1] as number) - 1));
    byLocale.set(locale, names);
  }
  return names;
}

function priceValues(
  counts: Int32Array,
  active: ActiveFilter | undefined,
  buckets: PriceBuckets,
  ctx: { locale: string; currency: string },
): FacetValue[] {
  const { currency, locale } = ctx;
  const major = (minor: number) => Number(toDecimalString(minor, currency));
  const label = (min: number, max: number) =>
    `${Number.isFinite(min) ? formatMoney(min, currency, locale) : ''} – ${Number.isFinite(max) ? formatMoney(max, currency, locale) : ''}`.trim();
  const names = bucketNames(buckets, label, locale);
  const ranges = active?.ranges ?? [];
  const matched = new Set<number>();
  const values: FacetValue[] = [];
  for (let k = 0; k < counts.length; k++) {
    const min = buckets.bounds[k] as number;
    const max = (buckets.bounds[k + 1] as number) - 1;
    const chosen = ranges.findIndex((r) => r.min === min && r.max === max);
    if (chosen >= 0) matched.add(chosen);
    if ((counts[k] as number) === 0 && chosen < 0) continue;
    values.push({
      matches: -1,
      name: names[k] as string,
      filter: { fieldName: PRICE_FIELD, attributeRange: { min: major(min), max: major(max) } },
      ...(chosen >= 0 ? { selectedRange: ranges[chosen]?.requested } : {}),
    });
  }
  // A range the client chose that is not one of ours is shown too, so it can be unselected.
  ranges.forEach((r, i) => {
    if (matched.has(i)) return;
    values.push({
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
    });
  });
  return values;
}
