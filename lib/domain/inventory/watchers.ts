import { type Catalog, localize } from '../catalog/catalog';
import { link, type ViewContext } from '../links';

/**
 * Watchers ("notify me", docs/inventory.md "Watchers"): addresses waiting for a sold-out product. A
 * storefront signs a buyer up while the product is OutStock; the product's ProductBackInStock event
 * announces how many waited, the watchers are then cleared and kept 7 days for the merchant's
 * mailer (the STOCK_BACK webhook carries the first 1,000 addresses, GET /products/{p}/watchers all).
 */

/** At most this many addresses ride in a STOCK_BACK webhook (the rest: GET /products/{p}/watchers). */
export const STOCK_BACK_MAX_EMAILS = 1000;

/** One watcher as stored (the sign-up answer shows only the product and the address as sent). */
export interface Watcher {
  productId: string;
  /** As first given; addresses are compared case-insensitively. */
  emailAddress: string;
  createdOn: string;
}

/** An item of GET /products/{p}/watchers: the address as sent, and when its watch was cleared. */
export interface ListedWatcher {
  emailAddress: string;
  createdOn: string;
  /** When the product came back and the watch ended; null while it waits. */
  clearedOn: string | null;
}

/** The item as the API shows it (the product is the path's). */
export function listedWatcherView(watcher: ListedWatcher): ListedWatcher {
  return { emailAddress: watcher.emailAddress, createdOn: watcher.createdOn, clearedOn: watcher.clearedOn };
}

/** What the store keeps of a watched product: the count and when its first watcher came. */
export interface WatchedProduct {
  productId: string;
  watchers: number;
  firstWatchedOn: string;
}

/** An item of GET /watched-products: the product's name in the request locale and its link. */
export function watchedProductView(catalog: Catalog, watched: WatchedProduct, ctx: ViewContext) {
  const product = catalog.products.get(watched.productId);
  return {
    productId: watched.productId,
    name: localize(catalog, product?.name, ctx.locale) ?? '',
    productNumber: product?.productNumber ?? '',
    watchers: watched.watchers,
    links: [link(ctx, 'product', 'products', watched.productId)],
  };
}
