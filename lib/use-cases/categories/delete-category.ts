import { requireCatalog } from '../../data/catalog/catalog-repository';
import { updateCatalog } from '../../data/catalog/catalog-update';
import { MAX_CATALOG_WRITES } from '../../data/catalog/catalog-writes';
import { projectionOf } from '../../domain/catalog/catalog-projection';
import { unassigned } from '../../domain/categories/category-assignments';
import { subtreeChildrenFirst } from '../../domain/categories/category-tree';
import { NotFoundError, StateConflict } from '../../domain/errors';

/**
 * Removes a category, its whole subtree and their product assignments (docs/catalog.md "Categories");
 * the root is a StateConflict, an unknown category NotFoundError.
 *
 * A big subtree takes several transactions (writeCatalog stores at most 99 items at once). Every
 * round is computed again from the current catalog and written only if nobody changed it in between:
 * first the products lose the subtree's category ids, and only when no product refers to the
 * subtree any more are categories deleted, children before parents. So an interrupted delete
 * never leaves a product pointing at a missing category or a category whose parent is gone; the
 * request can simply be repeated.
 */
export async function deleteCategory(input: { shopId: string; categoryId: string }): Promise<void> {
  const { shopId, categoryId } = input;
  const before = (await requireCatalog(shopId)).categories.get(categoryId);
  if (!before) throw new NotFoundError('Category');
  // Deleting the root is 409 (docs/catalog.md "Categories").
  if (before.parentId === null) throw new StateConflict('The root category cannot be deleted');
  await updateCatalog(shopId, (catalog) => {
    const subtree = subtreeChildrenFirst(catalog, categoryId);
    const ids = new Set(subtree.map((c) => c.categoryId));
    // Only the products in the subtree, found through the projection's category ancestry: walking
    // every product would inflate the whole catalog (lib/data/catalog/catalog-products.ts).
    const projection = projectionOf(catalog);
    const root = projection.categoryIndex.get(categoryId);
    const products = projection.productIds.flatMap((id, i) => {
      if (root === undefined || !projection.productCategories[i]?.includes(root)) return [];
      const product = catalog.products.get(id);
      const next = product && unassigned(product, ids);
      return next ? [next] : [];
    });
    if (products.length > 0) {
      const batch = products.slice(0, MAX_CATALOG_WRITES);
      return {
        puts: batch.map((p) => ({ kind: 'product' as const, id: p.productId, data: p })),
        result: undefined,
        more: true,
      };
    }
    const batch = subtree.slice(0, MAX_CATALOG_WRITES);
    return {
      deletes: batch.map((c) => ({ kind: 'category' as const, id: c.categoryId })),
      result: undefined,
      more: subtree.length > batch.length,
    };
  });
}
