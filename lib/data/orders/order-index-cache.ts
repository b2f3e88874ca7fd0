import { FeedCache } from '../feeds/feed-cache';
import type { KeptItems } from '../feeds/kept-items';
import { OrderIndex } from './order-index';

/** Per instance, like the catalog: each shop's order index, kept current from the order feed. */
const orderIndexes = new FeedCache('ORDER', () => new OrderIndex(), 'snapshots');

/** The shop's order index, up to date with every change the feed showed when this call began. */
export function freshOrderIndex(shopId: string): Promise<OrderIndex> {
  return orderIndexes.fresh(shopId);
}

/** The order items recent pages showed, at their versions. */
export const keptOrders: KeptItems = orderIndexes.kept;

/** Forgets every shop's index and kept orders (tests: a cold instance). */
export function forgetOrderIndexes(): void {
  orderIndexes.forget();
}
