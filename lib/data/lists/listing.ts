import { type Key, keys } from '../keys';
import { allBuckets, BUCKETS, bucketOf } from './buckets';
import { type ListedKind, type Series, seriesPartitionOf } from './series';

/**
 * How a listed item (cart, customer) is indexed and counted. An item carries:
 * - per series it is in, the partition (its write bucket of the series, lib/data/lists/buckets.ts)
 *   and creation sort key of that series' list index;
 * - `tally`: what it should add to the counters (its creation time and series), absent when it is
 *   in no series (an ordered cart);
 * - `tallied`: what the counters hold for it, written only by the fold (lib/data/lists/fold.ts);
 * - while the two differ, a place in its kind's partition of gsi3 (its bucket), where the fold and
 *   the counts (lib/data/lists/count.ts) find it;
 * - carts: `validUntil`, when they stop being listed and counted (expiry), and a place in the expiry
 *   index (gsi2, its bucket) while listed, where the fold finds the expired ones.
 * An item's bucket comes from its partition key, so it is the same in every write.
 * Counters thus never share an item with a write: no write waits for or conflicts with another.
 */
export interface Listing {
  kind: ListedKind;
  /** The item's primary key. */
  key: Key;
  id: string;
  createdAt: string;
  /** The series it is in now; none when it is not listed. */
  series: readonly Series[];
  /** Carts: the moment (ISO 8601) it expires. */
  validUntil?: string;
}

/** The attributes a listed item is stored with, given what the counters hold for it. */
export function listingAttributes(
  shopId: string,
  listing: Listing,
  tallied: string | undefined,
): Record<string, string> {
  const attributes: Record<string, string> = {};
  const sort = keys.creationSort(listing.createdAt, listing.id);
  for (const one of listing.series) {
    attributes[`${one.index}pk`] = seriesPartitionOf(shopId, one, listing.key.pk);
    attributes[`${one.index}sk`] = sort;
  }
  if (listing.validUntil !== undefined) {
    attributes.validUntil = listing.validUntil;
    if (listing.series.length > 0) {
      if (attributes.gsi2pk) throw new Error('a listing that expires cannot use gsi2 for a series');
      attributes.gsi2pk = keys.cartsByExpiry(shopId, bucketOf(listing.key.pk, BUCKETS.cartsByExpiry));
      attributes.gsi2sk = `${listing.validUntil}#${listing.id}`;
    }
  }
  const tally = tallyOf(listing);
  if (tally !== undefined) attributes.tally = tally;
  if (tallied !== undefined) attributes.tallied = tallied;
  if (tally !== tallied) Object.assign(attributes, untalliedAttributes(shopId, listing));
  return attributes;
}

/** The gsi3 place of an item whose counters must be folded in: its kind's bucket of the item. */
export function untalliedAttributes(shopId: string, listing: Pick<Listing, 'kind' | 'key'>) {
  const bucket = bucketOf(listing.key.pk, BUCKETS.untallied[listing.kind]);
  return { gsi3pk: keys.untallied(shopId, listing.kind, bucket), gsi3sk: listing.key.pk };
}

/** Every gsi3 partition of a kind's lagging items (the fold and the counts read them all). */
export function untalliedPartitions(shopId: string, kind: ListedKind): string[] {
  return allBuckets(BUCKETS.untallied[kind]).map((b) => keys.untallied(shopId, kind, b));
}

/** Every gsi2 partition of the carts by expiry. */
export function expiryPartitions(shopId: string): string[] {
  return allBuckets(BUCKETS.cartsByExpiry).map((b) => keys.cartsByExpiry(shopId, b));
}

/** The attributes an item leaves behind when it stops being listed (a cart ordered). */
export const UNLISTED_ATTRIBUTES = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'tally'] as const;

/** What an item should add to the counters: creation time and series names, as one string. */
export function tallyOf(listing: Pick<Listing, 'createdAt' | 'series'>): string | undefined {
  return listing.series.length === 0
    ? undefined
    : JSON.stringify([listing.createdAt, ...listing.series.map((s) => s.name)]);
}

/** What a stored tally adds now: nothing once the item has expired. */
export function effectiveTally(
  item: { tally?: unknown; validUntil?: unknown },
  nowIso: string,
): string | undefined {
  if (typeof item.tally !== 'string') return undefined;
  if (typeof item.validUntil === 'string' && item.validUntil <= nowIso) return undefined;
  return item.tally;
}

/** The creation time and series names of a tally. */
export function readTally(tally: string | undefined): { at: string; names: string[] } | null {
  if (tally === undefined) return null;
  const [at, ...names] = JSON.parse(tally) as string[];
  return { at: at as string, names };
}
