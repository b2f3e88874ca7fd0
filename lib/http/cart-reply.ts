import type { CartRecord } from '../domain/cart/cart';
import { cartEtag } from '../domain/cart/cart-etag';
import { cartView } from '../domain/cart/cart-view';
import type { Catalog } from '../domain/catalog/catalog';
import type { ViewContext } from '../domain/links';
import type { CartWrite } from '../use-cases/cart/change-cart';
import type { Reply } from './types';

/** Carts and orders are private and change: never cached (by browsers or proxies). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** A cart response: the Cart resource in the cart's locale, its ETag, never cached. */
export function cartReply(
  status: number,
  cart: CartRecord,
  catalog: Catalog,
  req: { view: (locale: string) => ViewContext },
  extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Reply {
  return {
    status,
    body: { ...cartView(cart, catalog, req.view(cart.locale)), ...extra.body },
    headers: { ETag: cartEtag(cart), ...NO_STORE, ...extra.headers },
  };
}

/**
 * What a cart-changing use case needs of a cart route's request: the cart the middleware loaded,
 * the If-Match header (the change applies only to that version; 412 otherwise) and the catalog
 * version read with the cart. The OpenAPI document declares If-Match on the routes that call this.
 */
export function cartWrite(req: {
  cart: CartRecord;
  catalogVersion?: number | null;
  headers: Readonly<Record<string, string | undefined>>;
}): CartWrite {
  return { cart: req.cart, ifMatch: req.headers['if-match'], catalogVersion: req.catalogVersion };
}
