import { asciiJson, commaList, JsonText } from '../../speed/json-text';
import { keptByKey } from '../../speed/kept';
import { type Catalog, localize } from '../catalog/catalog';
import type { CatalogProjection } from '../catalog/catalog-projection';
import { formatMoney, toDecimalString } from '../money/money';
import type { CountedField, PriceBuckets } from './facet-tables';
import { type ActiveFilter, CATEGORY_FIELD, MANUFACTURER_FIELD, PRICE_FIELD } from './filters';

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
  return keptByKey('json-parts', textCache, projection, locale, () =>
    buildFacetTexts(catalog, projection, locale),
  );
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
  return keptByKey('json-parts', bucketTextCache, buckets, ctx.locale, build);
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
