/**
 * The write bucket of an item in a feed spread over `buckets` (feed-spread.ts): from a hash of its
 * partition key (FNV-1a, 32 bits), so it is the same in every write while the spread stays.
 */
export function bucketOf(pk: string, buckets: number): number {
  if (buckets <= 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < pk.length; i++) {
    hash ^= pk.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}
