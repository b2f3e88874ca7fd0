import { updateCatalog } from '../../data/catalog/catalog-update';
import { MAX_CATALOG_WRITES } from '../../data/catalog/catalog-writes';
import { deleteProductObjects } from '../../data/images/media-objects';
import { dropWatchers } from '../../data/inventory/watcher-clearing';
import { productIdsToDelete } from '../../domain/catalog/product-delete';
import { NotFoundError } from '../../domain/errors';
import { log } from '../../log';

/**
 * `DELETE /products/{p}` (docs/catalog.md "Product writes"), step by step:
 * 1. the product and, for a master, its variations leave the catalog: catalog changes conditional
 *    on the version read, variations first (at most MAX_CATALOG_WRITES a round) and the master
 *    last, so an interrupted delete never leaves a variation without its master and repeating the
 *    request finishes it; each round raises ProductDeleted for what it removed. Lists, search,
 *    facets, categories, cross-selling, suggest, lowest price, the updated list and the export all
 *    read the catalog, so the products are gone from them with the next catalog version;
 * 2. their watchers go (the watched list and its count);
 * 3. their images leave storage (after the catalog write: a failure leaves unreachable garbage,
 *    never a product showing a deleted image).
 * Carts that hold a deleted product keep their line; checkout refuses it (409, `available: 0`).
 * Stock shards of the deleted products stay: nothing reads a shard of a product the catalog lacks.
 */
export async function deleteProduct(shopId: string, productId: string): Promise<void> {
  const deleted = await removeFromCatalog(shopId, productId);
  for (const id of new Set(deleted)) {
    await dropWatchers(shopId, id);
    await deleteProductObjects(shopId, id).catch((error: unknown) =>
      log.warn('deleting the images of a deleted product failed: they stay as garbage', {
        productId: id,
        error: String(error),
      }),
    );
  }
}

/** Takes the product and its variations out of the catalog; the ids removed. */
async function removeFromCatalog(shopId: string, productId: string): Promise<string[]> {
  const removed: string[] = [];
  let found = false;
  await updateCatalog(
    shopId,
    (catalog) => {
      const plan = productIdsToDelete(catalog, productId, MAX_CATALOG_WRITES);
      if (!plan) {
        if (found) return { result: undefined };
        throw new NotFoundError('Product');
      }
      found = true;
      const gone = plan.ids.map((id) => ({
        id,
        productNumber: catalog.products.get(id)?.productNumber ?? '',
      }));
      removed.push(...plan.ids);
      return {
        deletes: plan.ids.map((id) => ({ kind: 'product' as const, id })),
        events: gone.map((g) => ({
          type: 'ProductDeleted' as const,
          productId: g.id,
          productNumber: g.productNumber,
        })),
        more: !plan.last,
        result: undefined,
      };
    },
    { combine: true },
  );
  return removed;
}
