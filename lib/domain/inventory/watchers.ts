import { type Catalog, localize } from '../catalog/catalog';
import { link, type ViewContext } from '../links';

/**
 * Watchers ("notify me", docs/inventory.md "Watchers"): addresses waiting for a sold-out product. A
 * storefront signs a buyer up while the product is OutStock; the product's ProductBackInStock event
 * announces how many waited, and the watchers are then cleared.
 */

/** One watcher as stored (the sign-up answer shows only the product and the address as sent). */
export interface Watcher {
  productId: string;
  /** As first given; addresses are compared case-insensitively. */
  emailAddress: string;
  createdOn: string;
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
