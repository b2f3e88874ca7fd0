import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { CatalogEntry } from './catalog-entries';
import { catalogItemData } from './catalog-items';

/**
 * Every item of a shop's catalog partition (one paged Query). Only the import and the one-time
 * load of a shop imported before snapshots existed read it: its cost grows with the catalog.
 */
export async function readCatalogPartition(shopId: string): Promise<CatalogEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.catalogPartition(shopId) },
    ConsistentRead: true,
  });
  return items.flatMap((item) => {
    const kind = keys.catalogKindOf(item.sk as string);
    if (!kind) return [];
    const id = (item.sk as string).slice((item.sk as string).indexOf('#') + 1);
    return [{ kind, id, position: (item.position as number | undefined) ?? 0, data: catalogItemData(item) }];
  });
}
