import { type SpeedTrick, speedTrickOn } from './switches';

/**
 * The one get-or-build of the speed tricks' caches. A value derived from something that never
 * changes (a Catalog, its projection, a price list, a kept view) is built once and kept as long as
 * its owner lives (a WeakMap: a new catalog version drops them all). Every kept value names the
 * trick it serves; with that trick switched off (SPEED_TRICKS_OFF, lib/speed/switches.ts) it is
 * built afresh on every call, which gives the same value.
 */

/** The value kept for `owner`, built on first use. */
export function keptFor<O extends object, V>(
  trick: SpeedTrick,
  cache: WeakMap<O, V>,
  owner: O,
  build: () => V,
): V {
  if (!speedTrickOn(trick)) return build();
  let value = cache.get(owner);
  if (value === undefined) {
    value = build();
    cache.set(owner, value);
  }
  return value;
}

/** The value kept for `owner` and `key`; past `limit` keys of one owner, its oldest key goes. */
export function keptByKey<O extends object, K, V>(
  trick: SpeedTrick,
  cache: WeakMap<O, Map<K, V>>,
  owner: O,
  key: K,
  build: () => V,
  limit = Number.POSITIVE_INFINITY,
): V {
  if (!speedTrickOn(trick)) return build();
  const byKey = keptFor(trick, cache, owner, () => new Map<K, V>());
  let value = byKey.get(key);
  if (value === undefined) {
    value = build();
    if (byKey.size >= limit) byKey.delete(byKey.keys().next().value as K);
    byKey.set(key, value);
  }
  return value;
}
