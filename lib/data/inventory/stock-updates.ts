import { feedAfter } from './stock-feed';

/** A product whose stock changed after a time, and when it last did. */
export interface StockUpdated {
  productId: string;
  lastUpdated: string;
}

/**
 * The products whose stock changed after `changedAfter` (ISO), each once at its latest change,
 * oldest first (then by id), from the stock change feed (gsi3: each shard once, at its latest
 * change; docs/inventory.md). Reads the feed's keys after that time only (about 80 per read unit):
 * what changed since a poller's last `lastUpdated`, never the whole stock.
 */
export async function stockUpdatedSince(shopId: string, changedAfter: string): Promise<StockUpdated[]> {
  const latest = new Map<string, string>();
  // After the whole millisecond: `{changedAfter}#…` sorts after `{changedAfter}` itself.
  for (const { sort } of await feedAfter(shopId, `${changedAfter}#\uffff`)) {
    const at = sort.indexOf('#');
    const [changedAt, productId] = [sort.slice(0, at), sort.slice(at + 1)];
    const seen = latest.get(productId);
    if (!seen || changedAt > seen) latest.set(productId, changedAt);
  }
  return [...latest]
    .map(([productId, lastUpdated]) => ({ productId, lastUpdated }))
    .sort((a, b) =>
      a.lastUpdated === b.lastUpdated
        ? a.productId.localeCompare(b.productId)
        : a.lastUpdated < b.lastUpdated
          ? -1
          : 1,
    );
}
