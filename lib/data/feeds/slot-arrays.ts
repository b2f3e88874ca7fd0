/** Helpers of the in-memory list indexes (created-index.ts, lib/data/orders/order-index.ts). */

/** A copy of a typed array with room for `capacity` values. */
export function grown<T extends Float64Array | Int32Array | Uint16Array | Uint8Array>(
  array: T,
  capacity: number,
): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

/** A list cursor (`{ISO time}#{id}`) as the time (ms) and the id it names. */
export function parseCursor(key: string): { ms: number; id: string } {
  const cut = key.indexOf('#');
  return { ms: Date.parse(key.slice(0, cut)), id: key.slice(cut + 1) };
}
