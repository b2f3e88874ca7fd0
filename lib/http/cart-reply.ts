import { updateCart } from '../data/cart-repository';
import type { CartRecord } from '../domain/cart';
import { cartView } from '../domain/cart-view';
import type { Catalog } from '../domain/catalog';
import type { ViewContext } from '../domain/links';
import { PreconditionFailed } from './errors';
import type { Reply } from './types';

/** Carts and orders are private and change: never cached (by browsers or proxies). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** The ETag of a cart's current version (concurrency beyond the spec). */
export function cartEtag(cart: Pick<CartRecord, 'cartId' | 'version'>): string {
  return `"${cart.cartId}.${cart.version}"`;
}

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
 * Changes the request's cart (optimistic concurrency, retried on lost races). With an If-Match
 * header the change applies only to that version: 412 when the cart has moved on.
 */
export function changeCart(
  req: { cart: CartRecord; headers: Readonly<Record<string, string | undefined>> },
  change: (cart: CartRecord) => CartRecord,
): Promise<CartRecord> {
  const ifMatch = req.headers['if-match'];
  return updateCart(req.cart, (current) => {
    if (ifMatch !== undefined && !etagMatches(ifMatch, current)) throw new PreconditionFailed();
    return change(current);
  });
}

function etagMatches(header: string, cart: CartRecord): boolean {
  const current = cartEtag(cart);
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === current);
}
