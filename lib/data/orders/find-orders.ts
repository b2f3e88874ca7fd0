import type { OrderRecord } from '../../domain/orders/order';
import { compileFilter, type OrderFilter, type OrderSort } from '../../domain/orders/order-filter';
import type { ListPage, PageWanted } from '../feeds/find-listed';
import { keys } from '../keys';
import { entryOfOrder } from './order-feed';
import { freshOrderIndex, keptOrders } from './order-index-cache';

/**
 * A page of the shop's orders that match `filter`, in `sort`, with the exact count of all that
 * match: filtered and counted in the instance's order index (order-index.ts); the page's orders are
 * those kept at the versions the index holds (lib/data/feeds/kept-items.ts), the others read by key
 * in one strongly consistent BatchGetItem. A page item newer than the index's entry updates the
 * entry, so the next request does not wait for the feed to show it.
 */
export async function findOrders(
  shopId: string,
  filter: OrderFilter,
  sort: OrderSort,
  wanted: PageWanted,
): Promise<ListPage<OrderRecord>> {
  const index = await freshOrderIndex(shopId);
  const found = index.find(compileFilter(filter), sort, {
    // A cursor names where its page starts; a page number counts from the first match.
    offset: wanted.after === undefined ? (wanted.page - 1) * wanted.perPage : 0,
    perPage: wanted.perPage,
    after: wanted.after,
  });
  const items: OrderRecord[] = [];
  const page = await keptOrders.page(
    shopId,
    found.orderIds,
    (id) => index.versionOf(id),
    (id) => keys.order(shopId, id),
  );
  for (const item of page) {
    if (!item) continue;
    const order = item.data as OrderRecord;
    const version = (item.version as number | undefined) ?? 0;
    index.apply(entryOfOrder(order, version));
    keptOrders.keep(shopId, order.orderId, version, item);
    items.push(order);
  }
  return { results: found.results, items, last: found.last };
}
