import { requireCatalog } from '../../data/catalog/catalog-repository';
import { clearedWatchers, lastClearing, waitingWatchers } from '../../data/inventory/watcher-clearing';
import { countWatchers } from '../../data/inventory/watchers';
import { requireProduct } from '../../domain/catalog/product-request';
import type { ListedWatcher } from '../../domain/inventory/watchers';

/**
 * A page of a product's watchers (docs/inventory.md "Who watched"): those of its last clearing
 * while it is kept (7 days), numbered oldest first, so a page is one key range; a product with no
 * clearing kept lists the watchers waiting now. Unknown product: NotFound (invisible ones count:
 * a merchant read).
 */
export async function listProductWatchers(input: {
  shopId: string;
  productId: string;
  page: number;
  perPage: number;
  now?: number;
}): Promise<{ results: number; items: ListedWatcher[] }> {
  const { shopId, page, perPage } = input;
  const product = requireProduct(await requireCatalog(shopId), input.productId, true);
  const from = (page - 1) * perPage;
  const clearing = await lastClearing(shopId, product.productId);
  if (clearing && clearing.expiresAt > (input.now ?? Date.now()) / 1000) {
    const count = Math.min(perPage, clearing.moved - from);
    const found = await clearedWatchers(shopId, product.productId, clearing.clearedOn, from, count);
    return {
      results: clearing.moved,
      items: found.map((w) => ({ ...w, clearedOn: clearing.clearedOn })),
    };
  }
  const [results, waiting] = await Promise.all([
    countWatchers(shopId, product.productId),
    waitingWatchers(shopId, product.productId, page * perPage),
  ]);
  return { results, items: waiting.slice(from).map((w) => ({ ...w, clearedOn: null })) };
}
