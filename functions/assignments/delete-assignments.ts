import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { DeleteAssignmentsQuery } from '../../lib/schemas/categories';
import { ShopPath } from '../../lib/schemas/common';
import { unassignProducts } from '../../lib/use-cases/catalog/unassign-products';

/**
 * DELETE /{shopId}/product-category-assignments?categoryId=..&productId=..: takes every named
 * product out of every named category (both parameters repeatable) → 204. Unknown ids: 400
 * naming them (docs/catalog.md "Categories"); a product that was not assigned is left as it is.
 */
export const handler = endpoint(
  routes.deleteProductCategoryAssignments,
  { path: ShopPath, query: DeleteAssignmentsQuery },
  async (req) => {
    await unassignProducts({
      shopId: req.shopId,
      categoryIds: req.query.categoryId,
      productIds: req.query.productId,
    });
    return noContent();
  },
);
