import { updateCatalog } from '../../lib/data/catalog-update';
import { MAX_CATALOG_WRITES } from '../../lib/data/catalog-writes';
import { unassigned, unknownAssignmentIds } from '../../lib/domain/category-assignments';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { noContent } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { DeleteAssignmentsQuery } from '../../lib/schemas/categories';
import { ShopPath } from '../../lib/schemas/common';

/**
 * DELETE /{shopId}/product-category-assignments?categoryId=..&productId=..: takes every named
 * product out of every named category (both parameters repeatable) → 204. Unknown ids: 400
 * naming them (contract "Categories"); a product that was not assigned is left as it is.
 */
export const handler = endpoint(
  routes.deleteProductCategoryAssignments,
  { path: ShopPath, query: DeleteAssignmentsQuery },
  async (req) => {
    const { categoryId: categoryIds, productId: productIds } = req.query;
    const removed = new Set(categoryIds);
    await updateCatalog(req.shopId, (catalog) => {
      const problems = unknownAssignmentIds(catalog, categoryIds, productIds);
      if (problems.length > 0) throw new BadRequest('Unknown category or product', problems);
      const changed = productIds.flatMap((id) => {
        const product = catalog.products.get(id);
        const next = product ? unassigned(product, removed) : null;
        return next ? [next] : [];
      });
      return {
        puts: changed
          .slice(0, MAX_CATALOG_WRITES)
          .map((p) => ({ kind: 'product' as const, id: p.productId, data: p })),
        result: undefined,
        more: changed.length > MAX_CATALOG_WRITES,
      };
    });
    return noContent();
  },
);
