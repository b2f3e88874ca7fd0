import { requireCatalog } from '../../data/catalog/catalog-repository';
import { shardLevels } from '../../data/inventory/stock-shards';
import { addWatcher as storeWatcher } from '../../data/inventory/watchers';
import { requireProduct } from '../../domain/catalog/product-request';
import { StateConflict } from '../../domain/errors';
import { availabilityOf } from '../../domain/inventory/stock';
import type { Watcher } from '../../domain/inventory/watchers';

/**
 * Signs an address up for a sold-out product (docs/inventory.md "Watchers"): an unknown or invisible
 * product is NotFound, one that is not OutStock by its live stock (the shards, strongly consistent)
 * a StateConflict; the same address again (any case) finds the first sign-up (`created` false).
 */
export async function addWatcher(input: {
  shopId: string;
  productId: string;
  emailAddress: string;
}): Promise<{ watcher: Watcher; created: boolean }> {
  const catalog = await requireCatalog(input.shopId);
  const product = requireProduct(catalog, input.productId, false);
  const levels =
    product.stockShards === null
      ? null
      : await shardLevels(input.shopId, product.productId, product.stockShards);
  const total = levels === null ? null : levels.reduce((a, b) => a + b, 0);
  if (availabilityOf(total, null) !== 'OutStock')
    throw new StateConflict(`Product ${product.productId} is not out of stock`);
  return storeWatcher(input.shopId, {
    productId: product.productId,
    emailAddress: input.emailAddress,
    createdOn: new Date().toISOString(),
  });
}
