/**
 * Values derived from something that never changes (a Catalog, its projection, a price list) are
 * built once and kept as long as it lives: the one get-or-build of the catalog's caches.
 */

/** The value kept for `owner`, built on first use. */
export function keptFor<O extends object, V>(cache: WeakMap<O, V>, owner: O, build: () => V): V {
  let value = cache.get(owner);
  if (value === undefined) {
    value = build();
    cache.set(owner, value);
  }
  return value;
}

/** The value kept for `owner` and `key`; past `limit` keys of one owner, its oldest key goes. */
export function keptByKey<O extends object, K, V>(
  cache: WeakMap<O, Map<K, V>>,
  owner: O,
  key: K,
  build: () => V,
  limit = Number.POSITIVE_INFINITY,
): V {
  const byKey = keptFor(cache, owner, () => new Map<K, V>());
  let value = byKey.get(key);
  if (value === undefined) {
    value = build();
    if (byKey.size >= limit) byKey.delete(byKey.keys().next().value as K);
    byKey.set(key, value);
  }
  return value;
}
