import type { CartRecord } from './cart';

/** The ETag of a cart's current version (concurrency beyond the spec). */
export function cartEtag(cart: Pick<CartRecord, 'cartId' | 'version'>): string {
  return `"${cart.cartId}.${cart.version}"`;
}

/**
 * Whether an If-Match value names the cart's current version: a list of tags, weak ones compared
 * as strong (the cart has no other representation), `*` matching any.
 */
export function etagMatches(ifMatch: string, cart: Pick<CartRecord, 'cartId' | 'version'>): boolean {
  const current = cartEtag(cart);
  return ifMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === current);
}
