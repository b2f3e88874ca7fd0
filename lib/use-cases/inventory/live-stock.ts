import { shardLevels } from '../../data/inventory/stock-shards';
import type { Catalog } from '../../domain/catalog/catalog';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import type { LiveStock } from '../../domain/inventory/cart-stock';

/**
 * A tracked product's live stock in units: the sum of its shards' levels, read strongly consistent
 * (one BatchGetItem, 1 RCU per shard). Null for an untracked product, which is not read at all.
 */
export async function liveUnits(shopId: string, product: ShopProduct): Promise<number | null> {
  if (product.stockShards === null) return null;
  const levels = await shardLevels(shopId, product.productId, product.stockShards);
  return levels.reduce((sum, level) => sum + level, 0);
}

/**
 * The live stock of the tracked products among `productIds`, read in parallel (docs/inventory.md
 * "Carts and stock"). Untracked and unknown products are not read, so a cart request
 * without tracked products costs what it did before stock existed.
 */
export async function liveStock(catalog: Catalog, productIds: Iterable<string>): Promise<LiveStock> {
  const tracked = [...new Set(productIds)]
    .map((id) => catalog.products.get(id))
    .filter((p): p is ShopProduct => p !== undefined && p.stockShards !== null);
  const units = await Promise.all(tracked.map((p) => liveUnits(catalog.shopId, p)));
  return new Map(tracked.map((p, i) => [p.productId, units[i] as number]));
}
