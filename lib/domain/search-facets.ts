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

/** One facet field while counting: the values a product has in it and, when filtered, the test. */
export interface CountedField {
  field: FacetField;
  /** Value indexes of a product in this field. */
  valuesOf: (index: number) => ArrayLike<number>;
  counts: Int32Array;
  active?: ActiveFilter;
  matches?: (index: number) => boolean;
}

/** The facet fields in answer order: Category, Manufacturer, ListPrice, then each predefined attribute. */
export function countedFields(
  projection: CatalogProjection,
  buckets: PriceBuckets,
  prices: Float64Array,
  filters: readonly ActiveFilter[],
): CountedField[] {
  const active = new Map(filters.map((f) => [fieldKey(f.field), f]));
  const none = new Int32Array(0);
  // One-value lists made once, so counting allocates nothing per product.
  const manufacturers = projection.manufacturers.map((_, m) => Int32Array.of(m));
  const bucketValues = buckets.bounds.map((_, b) => Int32Array.of(b));
  const fields: Omit<CountedField, 'active' | 'matches'>[] = [
    {
      field: { kind: 'category' },
      valuesOf: (i) => projection.productCategories[i] ?? none,
      counts: new Int32Array(projection.categoryIds.length),
    },
    {
      field: { kind: 'manufacturer' },
      valuesOf: (i) => {
        const m = projection.manufacturerOf[i] as number;
        return m < 0 ? none : (manufacturers[m] as Int32Array);
      },
      counts: new Int32Array(projection.manufacturers.length),
    },
    {
      field: { kind: 'price' },
      valuesOf: (i) => {
        const b = buckets.bucketOf[i] as number;
        return b < 0 ? none : (bucketValues[b] as Int32Array);
      },
      counts: new Int32Array(Math.max(0, buckets.bounds.length - 1)),
    },
    ...projection.facetAttributes.map((attribute, a) => ({
      field: { kind: 'attribute' as const, attribute: a },
      valuesOf: (i: number) => attribute.productValues[i] ?? none,
      counts: new Int32Array(attribute.values.length),
    })),
  ];
  return fields.map((f) => {
    const filter = active.get(fieldKey(f.field));
    if (!filter) return f;
    const matches =
      f.field.kind === 'price'
        ? (i: number) => {
            const price = prices[i] as number;
            return !Number.isNaN(price) && filter.ranges.some((r) => price >= r.min && price <= r.max);
          }
        : (i: number) => {
            const values = f.valuesOf(i);
            for (let k = 0; k < values.length; k++) if (filter.values.has(values[k] as number)) return true;
            return false;
          };
    return { ...f, active: filter, matches };
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

/** Renders counted fields as the spec's facets, in the request locale and currency. */
export function renderFacets(
  catalog: Catalog,
  projection: CatalogProjection,
  fields: readonly CountedField[],
  buckets: PriceBuckets,
  ctx: { locale: string; currency: string },
): Facet[] {
  const language = ctx.locale.slice(0, 2);
  const collator = collatorFor(ctx.locale);
  return fields.map(({ field, counts, active }) => {
    const selected = (i: number) => active?.values.has(i) === true;
    const pick = (i: number) => (counts[i] as number) > 0 || selected(i);
    switch (field.kind) {
      case 'category':
        return {
          attributeName: 'Category',
          attributeType: 'Standard',
          values: projection.categoryIds.flatMap((id, i) => {
            const category = catalog.categories.get(id);
            // The root holds everything and invisible categories are not shown to shoppers.
            if (!category || category.parentId === null || !category.visible || !pick(i)) return [];
            return [
              facetValue(
                counts[i] as number,
                localize(catalog, category.name, ctx.locale) ?? id,
                CATEGORY_FIELD,
                id,
                selected(i),
              ),
            ];
          }),
        };
      case 'manufacturer':
        return {
          attributeName: 'Manufacturer',
          attributeType: 'Standard',
          values: projection.manufacturers
            .flatMap((name, i) =>
              pick(i) ? [facetValue(counts[i] as number, name, MANUFACTURER_FIELD, name, selected(i))] : [],
            )
            .sort((a, b) => collator.compare(a.name, b.name)),
        };
      case 'price':
        return {
          attributeName: PRICE_FIELD,
          attributeType: 'Standard',
          values: priceValues(counts, active, buckets, ctx),
        };
      default: {
        const attribute = projection.facetAttributes[field.attribute];
        if (!attribute) throw new Error(`no facet attribute ${field.attribute}`);
        const fieldName = `PreDefString_${language}_${attribute.key}`;
        return {
          attributeName: localize(catalog, attribute.definition.displayKey, ctx.locale) ?? attribute.key,
          attributeType: 'PreDefString',
          values: attribute.definition.values.flatMap((v, i) =>
            pick(i)
              ? [
                  facetValue(
                    counts[i] as number,
                    localize(catalog, v.displayValue, ctx.locale) ?? v.value,
                    fieldName,
                    v.value,
                    selected(i),
                  ),
                ]
              : [],
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
      name: label(min, max),
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
