import type { StockUpdated } from '../inventory/stock-updates';
import { keys } from '../keys';
import { queryAll } from '../query-all';

/**
 * The products written after `changedAfter` (ISO) other than by stock, each once at its latest
 * write, oldest first (then by id): the product change feed on gsi3, where every product item sits
 * under its latest write (lib/data/catalog/catalog-items.ts). Reads the feed's keys after that time
 * only (about 80 per read unit), never the whole catalog.
 */
export async function productsUpdatedSince(shopId: string, changedAfter: string): Promise<StockUpdated[]> {
  const found = await queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk > :after',
    // After the whole millisecond: `{changedAfter}#…` sorts after `{changedAfter}` itself.
    ExpressionAttributeValues: { ':pk': keys.productFeed(shopId), ':after': `${changedAfter}#\uffff` },
    ProjectionExpression: 'gsi3sk',
  });
  return found.map((item) => {
    const sort = item.gsi3sk as string;
    const at = sort.indexOf('#');
    return { lastUpdated: sort.slice(0, at), productId: sort.slice(at + 1) };
  });
}
