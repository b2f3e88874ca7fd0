import { FeedCache } from '../feeds/feed-cache';
import { OrderIndex } from './order-index';

/** Per instance, like the catalog: each shop's order index, kept current from the order feed. */
const orderIndexes = new FeedCache('ORDER', () => new OrderIndex());

/** The shop's order index, up to date with every change the feed showed when this call began. */
export function freshOrderIndex(shopId: string): Promise<OrderIndex> {
  return orderIndexes.fresh(shopId);
}

/** Forgets every shop's index (tests: a cold instance). */
export function forgetOrderIndexes(): void {
  orderIndexes.forget();
}
