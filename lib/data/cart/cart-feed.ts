import { CART_LIFETIME_SECONDS, type CartRecord } from '../../domain/cart/cart';
import type { CreatedEntry } from '../feeds/created-index';
import { type FeedItem, feedAttributes, idOfSort } from '../feeds/feed';
import { keys } from '../keys';

/**
 * A cart in the cart feed (lib/data/feeds/feed.ts): its entry moves with every write of the cart
 * (`gsi4sk = {updatedAt}#{cartId}`) and carries what GET /carts lists by, as `ox`:
 * `{createdAt}#{validUntil}#{flags}` (times in base 36 ms; flags: 1 open, 2 with address data).
 * An ordered cart keeps its entry, not open, so every instance learns that it left the list.
 */

/** When a cart stops being listed (and its routes answer 404): 30 days after its last change. */
export function cartValidUntil(cart: Pick<CartRecord, 'updatedAt'>): number {
  return Date.parse(cart.updatedAt) + CART_LIFETIME_SECONDS * 1000;
}

/** The feed attributes of a cart as it is stored now, in a bucket of the feed's `buckets`. */
export function cartFeedAttributes(cart: CartRecord, buckets: number) {
  return feedAttributes(cart.shopId, 'CART', {
    pk: keys.cart(cart.shopId, cart.cartId).pk,
    id: cart.cartId,
    changedAt: cart.updatedAt,
    ox: cartOx(cart, cart.status === 'open'),
    buckets,
  });
}

/** What the checkout's update of a cart sets in its feed entry (its bucket stays): ordered now. */
export function orderedCartFeed(cart: CartRecord, orderedAt: string): { gsi4sk: string; ox: string } {
  return { gsi4sk: keys.feedSort(orderedAt, cart.cartId), ox: cartOx(cart, false) };
}

function cartOx(cart: CartRecord, open: boolean): string {
  const flags = (open ? 1 : 0) | (hasAddressData(cart) ? 2 : 0);
  return `${Date.parse(cart.createdAt).toString(36)}#${cartValidUntil(cart).toString(36)}#${flags}`;
}

function hasAddressData(cart: Pick<CartRecord, 'billingAddress' | 'shippingAddress'>): boolean {
  return cart.billingAddress !== null || cart.shippingAddress !== null;
}

/** A cart's entry in the list index, from its feed item. */
export function cartEntryOfFeedItem(item: FeedItem): CreatedEntry {
  const [created, until, flags] = item.ox.split('#');
  const bits = Number(flags);
  return {
    id: idOfSort(item.sort),
    createdMs: Number.parseInt(created as string, 36),
    version: item.version,
    listed: (bits & 1) === 1,
    untilMs: Number.parseInt(until as string, 36),
    tag: (bits & 2) === 2,
  };
}

/** A cart's entry in the list index, from the cart as stored. */
export function cartEntry(cart: CartRecord): CreatedEntry {
  return {
    id: cart.cartId,
    createdMs: Date.parse(cart.createdAt),
    version: cart.version,
    listed: cart.status === 'open',
    untilMs: cartValidUntil(cart),
    tag: hasAddressData(cart),
  };
}
