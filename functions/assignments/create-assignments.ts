import { updateCatalog } from '../../lib/data/catalog-update';
import { MAX_CATALOG_WRITES } from '../../lib/data/catalog-writes';
import { assigned, unknownAssignmentIds } from '../../lib/domain/category-assignments';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { noContent } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CreateAssignmentsBody } from '../../lib/schemas/categories';
import { ShopPath } from '../../lib/schemas/common';

/**
 * POST /{shopId}/product-category-assignments: assigns every named product to every named
 * category (form or JSON; each field one id or several) → 204. Unknown ids: 400 naming them
 * (contract "Categories"). Products already assigned stay as they are.
 */
export const handler = endpoint(
  routes.createProductCategoryAssignments,
  { path: ShopPath, body: CreateAssignmentsBody },
  async (req) => {
    const { categoryId: categoryIds, productId: productIds } = req.body;
    await updateCatalog(req.shopId, (catalog) => {
      const problems = unknownAssignmentIds(catalog, categoryIds, productIds);
      if (problems.length > 0) throw new BadRequest('Unknown category or product', problems);
      const changed = productIds.flatMap((id) => {
        const product = catalog.products.get(id);
        const next = product ? assigned(product, categoryIds) : null;
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
