/**
 * Write buckets of the shop-wide list partitions. DynamoDB takes about 1,000 writes per second per
 * partition key value of a table or an index, and an index partition sorted by creation time only
 * grows, so it cannot be split for heat. At 2,000 orders per second every shop-wide list partition
 * would take 2,000 writes or more each second; each is therefore spread over a fixed number of
 * buckets, chosen by a hash of the item's partition key (an item never changes bucket, and keeps
 * the same one in every series it moves between). A reader merges the buckets' sorted keys
 * (lib/data/lists/merge.ts). The arithmetic, per bucket at 2,000 orders/s, is in docs/inventory.md
 * "A hot product"; changing a count moves items between partitions, so it needs a reload of the lists.
 */
export const BUCKETS = {
  /** gsi1 `CUSTOMERS`: 1 write per new customer. At most 250/s a bucket. */
  customers: 8,
  /** gsi1 `CARTS#ADDRESS`, `CARTS#NOADDRESS`: a cart joins and leaves each: 2 writes per order. 500/s a bucket. */
  carts: 8,
  /** gsi2 `CARTS_EXPIRY`: every cart write moves its entry (2 writes): 4 per order at least. 500/s a bucket. */
  cartsByExpiry: 16,
  /** gsi4 `ORDERFEED`: the order's put and every change of it (PATCH, document): ~2 per order. 500/s a bucket. */
  orderFeed: 8,
  /** gsi3 `UNTALLIED#{kind}`: every write of a lagging item and the fold's removal; carts 4 to 6 per order. */
  untallied: { CART: 16, CUSTOMER: 8 },
} as const;

/** The bucket (0 … buckets − 1) of an item, from its partition key: FNV-1a, 32 bits. */
export function bucketOf(pk: string, buckets: number): number {
  if (buckets <= 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < pk.length; i++) {
    hash ^= pk.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}

/** Every bucket number of a partition spread over `buckets`. */
export function allBuckets(buckets: number): number[] {
  return Array.from({ length: buckets }, (_, b) => b);
}
