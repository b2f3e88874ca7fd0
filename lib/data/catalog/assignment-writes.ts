import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { unknownAssignmentIds } from '../../domain/categories/category-assignments';
import { RefusedInput } from '../../domain/errors';
import { updateCatalog } from './catalog-update';
import { MAX_CATALOG_WRITES } from './catalog-writes';

/**
 * Changes the category assignments of the named products (assign or unassign), after checking that
 * every named category and product exists (400 naming the unknown ones, docs/catalog.md "Categories").
 * `change` returns the product's new version, or null when it stays as it is.
 */
export async function changeAssignments(
  shopId: string,
  categoryIds: readonly string[],
  productIds: readonly string[],
  change: (product: ShopProduct) => ShopProduct | null,
): Promise<void> {
  await updateCatalog(
    shopId,
    (catalog) => {
      const problems = unknownAssignmentIds(catalog, categoryIds, productIds);
      if (problems.length > 0) throw new RefusedInput('Unknown category or product', problems);
      const changed = productIds.flatMap((id) => {
        const product = catalog.products.get(id);
        const next = product ? change(product) : null;
        return next ? [next] : [];
      });
      return {
        puts: changed
          .slice(0, MAX_CATALOG_WRITES)
          .map((p) => ({ kind: 'product' as const, id: p.productId, data: p })),
        result: undefined,
        more: changed.length > MAX_CATALOG_WRITES,
      };
    },
    { combine: true },
  );
}
