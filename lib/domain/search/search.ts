import type { JsonText } from '../../speed/json-text';
import { keptFor } from '../../speed/kept';
import type { Catalog } from '../catalog/catalog';
import { type CatalogProjection, type LocaleProjection, projectionOf } from '../catalog/catalog-projection';
import { ProductList } from '../catalog/product-list';
import { countFacets, type Eligible } from './counting';
import { countedFields, priceBuckets } from './facet-tables';
import { renderFacets } from './facets';
import type { ActiveFilter } from './filters';
import {
  formatQueryTerms,
  matchingProducts,
  parseQueryTerms,
  relevanceScore,
  spellingSuggestion,
} from './query';
import type { SortBy } from './sort';

export interface SearchOptions {
  query: string;
  sortBy: SortBy;
  filters: readonly ActiveFilter[];
  locale: string;
  currency: string;
}

export interface SearchOutcome {
  /** Every hit, in answer order (the handler pages). */
  products: ProductList;
  /** The query the hits are for when the original matched nothing; "" otherwise. */
  fallbackQuery: string;
  /** The spec's facets (Facet[]) as JSON text. */
  facets: JsonText;
}

/**
 * Faceted product search over the catalog projection: visible regular products and masters whose
 * texts contain every query term, narrowed by the filters; facet counts follow standard faceting (a
 * value counts the products matching every OTHER active filter plus that value; search-counting.ts).
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
  const hits = Array.from(countFacets(fields, eligibleFor(projection, view, terms)));

  return {
    products: new ProductList(catalog, projection, order(projection, view, hits, terms, options)),
    fallbackQuery: fallback ? formatQueryTerms(fallback) : '',
    facets: renderFacets(catalog, projection, fields, buckets, options),
  };
}

const everyVisible = new WeakMap<CatalogProjection, Eligible>();

/** The visible listable products matching the terms (without terms: all of them, kept per projection). */
function eligibleFor(
  projection: CatalogProjection,
  view: LocaleProjection,
  terms: readonly string[],
): Eligible {
  // Without terms the set is the same for every search of the projection (speed trick `facet-tables`).
  if (terms.length === 0)
    return keptFor('facet-tables', everyVisible, projection, () => eligible(projection, view, terms));
  return eligible(projection, view, terms);
}

/** The flags and list of the products a search may find (see Eligible). */
function eligible(projection: CatalogProjection, view: LocaleProjection, terms: readonly string[]): Eligible {
  const { visible } = projection;
  const flags = new Uint8Array(visible.length);
  const list: number[] = [];
  for (const i of matchingProducts(projection, view, terms)) {
    if (visible[i] === 0) continue;
    flags[i] = 1;
    list.push(i);
  }
  return { flags, list: Int32Array.from(list) };
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
      return inNameOrder(view, hits, false);
    case 'NAME_DESC':
      return inNameOrder(view, hits, true);
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
      if (terms.length === 0) return inNameOrder(view, hits, false);
      const scores = new Map(hits.map((i) => [i, relevanceScore(view, i, terms)]));
      return hits.sort((a, b) => (scores.get(b) as number) - (scores.get(a) as number) || byName(a, b));
    }
  }
}

/**
 * Hits (listable products) in the locale's name order: their name ranks sorted as plain integers
 * (a typed-array sort, no comparator calls), then mapped back (nameOrder[nameRank[i]] is i).
 */
function inNameOrder(view: LocaleProjection, hits: readonly number[], descending: boolean): number[] {
  const ranks = new Int32Array(hits.length);
  for (let k = 0; k < hits.length; k++) ranks[k] = view.nameRank[hits[k] as number] as number;
  ranks.sort();
  if (descending) ranks.reverse();
  return Array.from(ranks, (rank) => view.nameOrder[rank] as number);
}
