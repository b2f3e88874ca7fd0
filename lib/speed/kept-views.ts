import { keptByKey } from './kept';

/**
 * Speed trick `kept-views`: a product renders the same for one catalog version, base URL, shop,
 * locale and currency, and GET /products asks for the same ordered listing again and again (page
 * after page, client after client), so both are built once per catalog version and kept, bounded.
 * So does a cart without a coupon in GET /carts for one cart version, catalog version and locale.
 * What it saves: see docs/performance.md "Speed tricks" (bench: `--only "GET /products page 1"`
 * with and without). Off: `SPEED_TRICKS_OFF=kept-views` renders every product and builds every
 * listing per request (lib/domain/catalog/product-view.ts, product-listing.ts), with the same answers.
 */

/** Rendered products kept per catalog version (about 3 KB each): the pages and hits clients ask for most. */
const RENDERED_PER_CATALOG = 5000;
/** Listings (ordered, filtered product indexes) kept per catalog projection. */
const LISTINGS_PER_PROJECTION = 64;

/** Carts rendered for GET /carts kept per catalog version (a page's worth, many times over). */
const CARTS_PER_CATALOG = 1000;

const rendered = new WeakMap<object, Map<string, unknown>>();
const cartViews = new WeakMap<object, Map<string, unknown>>();
const listings = new WeakMap<object, Map<string, Int32Array>>();

/** The product view kept for a catalog under `key` (its context and product id); `render` builds it. */
export function keptProductView<V>(catalog: object, key: string, render: () => V): V {
  return keptByKey('kept-views', rendered, catalog, key, render, RENDERED_PER_CATALOG) as V;
}

/** The listing kept for a catalog projection under `key` (what it depends on); `build` makes it. */
export function keptListing(projection: object, key: string, build: () => Int32Array): Int32Array {
  return keptByKey('kept-views', listings, projection, key, build, LISTINGS_PER_PROJECTION);
}

/** The listed cart's view kept for a catalog under `key` (the cart's id, version and locale); `render` builds it. */
export function keptCartView<V>(catalog: object, key: string, render: () => V): V {
  return keptByKey('kept-views', cartViews, catalog, key, render, CARTS_PER_CATALOG) as V;
}
