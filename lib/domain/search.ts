import type { JsonText } from '../json-text';
import type { SortBy } from '../schemas/products';
import type { ShopProduct } from '../schemas/shop-file';
import type { Catalog } from './catalog';
import { type CatalogProjection, type LocaleProjection, projectionOf } from './catalog-projection';
import {
  type CountedField,
  countedFields,
  countValues,
  type FieldValues,
  priceBuckets,
  renderFacets,
} from './search-facets';
import type { ActiveFilter } from './search-filters';
import {
  formatQueryTerms,
  matchingProducts,
  parseQueryTerms,
  relevanceScore,
  spellingSuggestion,
} from './search-query';

export interface SearchOptions {
  query: string;
  sortBy: SortBy;
  filters: readonly ActiveFilter[];
  locale: string;
  currency: string;
}

export interface SearchOutcome {
  /** Every hit, in answer order (the handler pages). */
  products: ShopProduct[];
  /** The query the hits are for when the original matched nothing; "" otherwise. */
  fallbackQuery: string;
  /** The spec's facets (Facet[]) as JSON text. */
  facets: JsonText;
}

/**
 * Faceted product search over the catalog projection: visible regular products and masters whose
 * texts contain every query term, narrowed by the filters; facet counts follow standard faceting (a
 * value counts the products matching every OTHER active filter plus that value), all in one pass.
 */
export function searchProducts(catalog: Catalog, options: SearchOptions): SearchOutcome {
  const projection = projectionOf(catalog);
  const view = projection.locale(options.locale);
  const prices = projection.currency(options.currency).prices;
  const asked = parseQueryTerms(options.query);
  const fallback =
    asked.length > 0 && !anyVisible(projection, view, asked) ? fallbackTerms(projection, view, asked) : null;
  const terms = fallback ?? asked;

  const buckets = priceBuckets(projection, options.currency);
  const fields = countedFields(projection, buckets, prices, options.filters);
  const filtered = fields.filter((f) => f.mask);
  const masks = filtered.map((f) => f.mask as Uint8Array);
  const held = fields.map((f) => f.held);
  const counts = fields.map((f) => f.counts);
  const hits: number[] = [];
  const { visible } = projection;
  const take = (i: number) => {
    let failed = -1;
    let failures = 0;
    for (let f = 0; f < masks.length && failures < 2; f++) {
      if ((masks[f] as Uint8Array)[i] === 0) {
        failures++;
        failed = f;
      }
    }
    if (failures === 0) {
      hits.push(i);
      for (let g = 0; g < held.length; g++) countValues(counts[g] as Int32Array, held[g] as FieldValues, i);
    } else if (failures === 1) {
      const field = filtered[failed] as CountedField;
      countValues(field.counts, field.held, i);
    }
  };
  const candidates = matchingProducts(projection, view, terms);
  const [a, b] = filtered.filter((f) => f.holders).sort((x, y) => total(x.holders) - total(y.holders));
  if (a?.holders && b?.holders && total(a.holders) + total(b.holders) < candidates.length) {
    // A product counts only when it passes every filter but at most one, so it holds a chosen value
    // of one of any two filters: the products of the two most selective filters are all there is
    // to visit (each once), not the whole catalog. The order of hits is set by sorting below.
    const candidate = terms.length === 0 ? projection.listable : markAll(visible.length, candidates);
    const seen = new Uint8Array(visible.length);
    for (const lists of [a.holders, b.holders]) {
      for (const list of lists) {
        for (let k = 0; k < list.length; k++) {
          const i = list[k] as number;
          if (seen[i] || !candidate[i] || !visible[i]) continue;
          seen[i] = 1;
          take(i);
        }
      }
    }
  } else {
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k] as number;
      if (visible[i]) take(i);
    }
  }

  return {
    products: order(projection, view, hits, terms, options).map((i) => projection.products[i] as ShopProduct),
    fallbackQuery: fallback ? formatQueryTerms(fallback) : '',
    facets: renderFacets(catalog, projection, fields, buckets, options),
  };
}

/** How many entries the lists hold together. */
function total(lists: readonly Int32Array[] | undefined): number {
  let sum = 0;
  for (const list of lists ?? []) sum += list.length;
  return sum;
}

/** A 0/1 membership array of `size` with 1 for each index listed. */
function markAll(size: number, indexes: Int32Array): Uint8Array {
  const marks = new Uint8Array(size);
  for (let k = 0; k < indexes.length; k++) marks[indexes[k] as number] = 1;
  return marks;
}

function anyVisible(
  projection: CatalogProjection,
  view: LocaleProjection,
  terms: readonly string[],
): boolean {
  return matchingProducts(projection, view, terms).some((i) => projection.visible[i] === 1);
}

/**
 * What to search for when the query matches nothing: first each term that matches nothing alone
 * replaced by its closest catalog word ("jakcet" → "jacket"), then the query with its last terms
 * dropped ("rain jacket xyz" → "rain jacket"). null when neither finds anything.
 */
function fallbackTerms(
  projection: CatalogProjection,
  view: LocaleProjection,
  terms: readonly string[],
): string[] | null {
  const corrected = terms.map((t) => (anyVisible(projection, view, [t]) ? t : spellingSuggestion(view, t)));
  if (corrected.every((t) => t !== null)) {
    const candidate = [...new Set(corrected as string[])];
    if (anyVisible(projection, view, candidate)) return candidate;
  }
  for (let n = terms.length - 1; n >= 1; n--) {
    const candidate = terms.slice(0, n);
    if (anyVisible(projection, view, candidate)) return candidate;
  }
  return null;
}

/** Orders the hits: relevance (score, then name), name or price (products without a price last). */
function order(
  projection: CatalogProjection,
  view: LocaleProjection,
  hits: number[],
  terms: readonly string[],
  options: SearchOptions,
): number[] {
  const { nameRank } = view;
  const byName = (a: number, b: number) => (nameRank[a] as number) - (nameRank[b] as number);
  switch (options.sortBy) {
    case 'NAME_ASC':
      return hits.sort(byName);
    case 'NAME_DESC':
      return hits.sort((a, b) => byName(b, a));
    case 'PRICE_ASC':
    case 'PRICE_DESC': {
      const prices = projection.currency(options.currency).prices;
      const sign = options.sortBy === 'PRICE_ASC' ? 1 : -1;
      return hits.sort((a, b) => {
        const x = prices[a] as number;
        const y = prices[b] as number;
        if (Number.isNaN(x) || Number.isNaN(y))
          return Number.isNaN(x) === Number.isNaN(y) ? byName(a, b) : Number.isNaN(x) ? 1 : -1;
        return sign * (x - y) || byName(a, b);
      });
    }
    default: {
      if (terms.length === 0) return hits.sort(byName);
      const scores = new Map(hits.map((i) => [i, relevanceScore(view, i, terms)]));
      return hits.sort((a, b) => (scores.get(b) as number) - (scores.get(a) as number) || byName(a, b));
    }
  }
}
