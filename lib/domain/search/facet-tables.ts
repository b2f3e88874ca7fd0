import { keptByKey, keptFor } from '../../speed/kept';
import type { CatalogProjection, CurrencyProjection } from '../catalog/catalog-projection';
import { minorDigits } from '../money/money';
import { type ActiveFilter, type FacetField, fieldKey } from './filters';

/**
 * Speed trick `facet-tables`: the tables search counts facets on, built once per catalog projection
 * (per currency for prices) and kept: per facet field, the values each product holds as flat
 * integer arrays; per value, the products holding it; single-value filter masks; products in price
 * order (a price range is found by binary search); price buckets. A request then walks plain
 * integer arrays from the most selective filter's holders, with no closure or allocation per
 * product and no pass over the whole catalog. What it saves: docs/performance.md "Speed tricks"
 * (bench: `--only search` with and without). Off: `SPEED_TRICKS_OFF=facet-tables` builds every
 * table per request, with the same counts and hits (test/unit/search*.test.ts check them against a
 * brute force).
 */
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
  return keptFor('facet-tables', bucketCache, view, () => {
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
    return { bounds, bucketOf };
  });
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
  return keptFor('facet-tables', layoutCache, buckets, () => buildLayout(projection, buckets));
}

function buildLayout(projection: CatalogProjection, buckets: PriceBuckets): FieldLayout[] {
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
  return [
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
  const order = keptFor('facet-tables', priceOrders, prices, () =>
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
  return keptByKey('facet-tables', valueMaskCache, held, value, () => marked(holders, size));
}

const heldCache = new WeakMap<object, FieldValues>();

/** A field's values of every product, flattened once per source array (kept as long as it lives). */
function heldValues(
  source: object,
  size: number,
  each: (product: number, add: (value: number) => void) => void,
): FieldValues {
  return keptFor('facet-tables', heldCache, source, () => {
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
  return keptFor('facet-tables', holderCache, held, () => {
    const lists: number[][] = Array.from({ length: valueCount }, () => []);
    for (let i = 0; i + 1 < held.offsets.length; i++) {
      for (let k = held.offsets[i] as number; k < (held.offsets[i + 1] as number); k++)
        lists[held.values[k] as number]?.push(i);
    }
    return lists.map((list) => Int32Array.from(list));
  });
}
