import { changeAssignments } from '../../lib/data/assignment-writes';
import { unassigned } from '../../lib/domain/category-assignments';
import { endpoint } from '../../lib/http/endpoint';
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
    await changeAssignments(req.shopId, categoryIds, productIds, (product) => unassigned(product, removed));
    return noContent();
  },
);
