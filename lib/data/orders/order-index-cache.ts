import { FEED_BUCKETS, readFeedBucket } from './order-feed';
import { OrderIndex } from './order-index';

/**
 * How far back a warm instance reads the feed again, behind the newest change it has seen (or now,
 * if that is earlier): writers' clocks differ a little, and an index shows a write a moment after the
 * table does, so an entry may arrive with a time just below one already read. An entry slower than
 * this is missed until its order changes again (docs/orders.md "Finding orders").
 */
export const ORDER_FEED_MARGIN_MS = 5000;

/** One shop's index and, per feed bucket, the greatest sort key read (undefined: read it in full). */
interface ShopOrders {
  index: OrderIndex;
  newest: (string | undefined)[];
  running?: Promise<void>;
  next?: Promise<void>;
}

/** Per instance, like the catalog: a shop's orders stay in memory between requests. */
const shops = new Map<string, ShopOrders>();

/**
 * The shop's order index, up to date with every change the feed showed when this call began. A
 * cold instance reads every bucket of the feed in full, side by side; a warm one reads each bucket
 * from its newest entry less the margin. Requests that arrive while a refresh runs share the next
 * one: the running one may have read before their writes.
 */
export async function freshOrderIndex(shopId: string): Promise<OrderIndex> {
  let shop = shops.get(shopId);
  if (!shop) {
    shop = { index: new OrderIndex(), newest: FEED_BUCKETS.map(() => undefined) };
    shops.set(shopId, shop);
  }
  await refreshed(shopId, shop);
  return shop.index;
}

function refreshed(shopId: string, shop: ShopOrders): Promise<void> {
  if (!shop.running) {
    shop.running = refresh(shopId, shop).finally(() => {
      shop.running = undefined;
    });
    return shop.running;
  }
  shop.next ??= shop.running
    .catch(() => undefined)
    .then(() => {
      shop.next = undefined;
      return refreshed(shopId, shop);
    });
  return shop.next;
}

async function refresh(shopId: string, shop: ShopOrders): Promise<void> {
  const now = Date.now();
  await Promise.all(
    FEED_BUCKETS.map(async (bucket) => {
      const { entries, newest } = await readFeedBucket(shopId, bucket, readFrom(shop.newest[bucket], now));
      for (const entry of entries) shop.index.apply(entry);
      const held = shop.newest[bucket];
      if (newest !== undefined && (held === undefined || newest > held)) shop.newest[bucket] = newest;
    }),
  );
}

/** Where a bucket's read starts: its newest entry (never later than now) less the margin. */
function readFrom(newest: string | undefined, now: number): string | undefined {
  if (newest === undefined) return undefined;
  const seen = Math.min(Date.parse(newest.slice(0, newest.indexOf('#'))), now);
  return new Date(seen - ORDER_FEED_MARGIN_MS).toISOString();
}

/** Forgets every shop's index (tests: a cold instance). */
export function forgetOrderIndexes(): void {
  shops.clear();
}
