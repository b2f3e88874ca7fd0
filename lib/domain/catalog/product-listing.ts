import { keptListing } from '../../speed/kept-views';
import type { Availability } from '../inventory/stock';
import { matchingProducts, parseQueryTerms } from '../search/query';
import { withAvailability } from './availability-filter';
import type { Catalog } from './catalog';
import { type CatalogProjection, projectionOf } from './catalog-projection';
import { ProductList } from './product-list';

export interface ListingOptions {
  locale: string;
  currency: string;
  sort: 'name' | 'price';
  direction: 'asc' | 'desc';
  /** Query text (see lib/domain/search/query.ts). */
  q?: string | undefined;
  /** Only products assigned to this category or one of its descendants. */
  categoryId?: string | undefined;
  /** Only these products, in this order (sort is then ignored). */
  ids?: readonly string[] | undefined;
  /** Invisible products too (the caller checked the scope). */
  includeInvisible?: boolean | undefined;
  /** Only products whose availability, as reads show it now, is one of these. */
  availability?: readonly Availability[] | undefined;
}

/**
 * The products GET /products lists, in order: visible regular products and masters (variations
 * are reached through their master, or by `id`), sorted by localized name or by price in the
 * currency, ties by product id so pages never overlap; `desc` is the exact reverse of `asc`, except
 * that products without a price in the currency sort last either way. Runs over the catalog
 * projection: pre-sorted index arrays filtered by flags, no sorting per request.
 */
export function listProducts(catalog: Catalog, options: ListingOptions): ProductList {
  const projection = projectionOf(catalog);
  const listing = options.ids
    ? byIds(projection, options.ids, filterOf(projection, options))
    : // Kept per projection and options (speed trick `kept-views`, lib/speed/kept-views.ts).
      keptListing(projection, listingKey(options), () => buildListing(projection, options));
  // After the kept listing, never in it: live stock moves without a new catalog version.
  const shown = options.availability
    ? withAvailability(projection, catalog.stock, listing, options.availability)
    : listing;
  return new ProductList(catalog, projection, shown);
}

/** What a listing depends on (the locale only through names and query texts, the currency through prices). */
function listingKey(options: ListingOptions): string {
  return JSON.stringify([
    options.sort,
    options.direction,
    options.sort === 'price' ? options.currency : options.locale,
    options.q ? options.locale : '',
    options.q ?? '',
    options.categoryId ?? null,
    options.includeInvisible === true,
  ]);
}

function buildListing(projection: CatalogProjection, options: ListingOptions): Int32Array {
  const accept = filterOf(projection, options);

  const order = sortOrder(projection, options);
  const found: number[] = [];
  const step = options.direction === 'asc' ? 1 : -1;
  const { primary, rest } = order;
  for (let k = step > 0 ? 0 : primary.length - 1; k >= 0 && k < primary.length; k += step) {
    const i = primary[k] as number;
    if (accept(i)) found.push(i);
  }
  for (const i of rest) if (accept(i)) found.push(i);
  return Int32Array.from(found);
}

/** Whether a product passes visibility, category and query filters. */
function filterOf(projection: CatalogProjection, options: ListingOptions): (index: number) => boolean {
  const { visible } = projection;
  const showInvisible = options.includeInvisible === true;
  const category =
    options.categoryId === undefined ? undefined : (projection.categoryIndex.get(options.categoryId) ?? -1);
  // Read only when filtering by category: the projection builds it on first use.
  const productCategories = category === undefined ? [] : projection.productCategories;
  const terms = parseQueryTerms(options.q);
  const view = terms.length > 0 ? projection.locale(options.locale) : undefined;
  let matched: Uint8Array | undefined;
  if (view && !options.ids) {
    matched = new Uint8Array(projection.productIds.length);
    for (const i of matchingProducts(projection, view, terms)) matched[i] = 1;
  }
  return (i) => {
    if (!showInvisible && !visible[i]) return false;
    if (category !== undefined && !(productCategories[i] as Int32Array).includes(category)) return false;
    if (matched) return matched[i] === 1;
    // By-id lookups may name variations, which the listable-only match memo leaves out.
    if (view) {
      const text = view.texts[i] as string;
      return terms.every((t) => text.includes(t));
    }
    return true;
  };
}

function byIds(
  projection: CatalogProjection,
  ids: readonly string[],
  accept: (index: number) => boolean,
): number[] {
  const found: number[] = [];
  const seen = new Set<number>();
  for (const id of ids) {
    const i = projection.indexOf.get(id);
    if (i === undefined || seen.has(i) || !accept(i)) continue;
    seen.add(i);
    found.push(i);
  }
  return found;
}

function sortOrder(projection: CatalogProjection, options: ListingOptions) {
  if (options.sort === 'price') {
    const view = projection.currency(options.currency);
    return { primary: view.priceOrder, rest: view.unpriced };
  }
  return { primary: projection.locale(options.locale).nameOrder, rest: new Int32Array(0) };
}
