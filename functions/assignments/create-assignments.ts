import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CreateAssignmentsBody } from '../../lib/schemas/categories';
import { ShopPath } from '../../lib/schemas/common';
import { assignProducts } from '../../lib/use-cases/catalog/assign-products';

/**
 * POST /{shopId}/product-category-assignments: assigns every named product to every named
 * category (form or JSON; each field one id or several) → 204. Unknown ids: 400 naming them
 * (docs/catalog.md "Categories"). Products already assigned stay as they are.
 */
export const handler = endpoint(
  routes.createProductCategoryAssignments,
  { path: ShopPath, body: CreateAssignmentsBody },
  async (req) => {
    await assignProducts({
      shopId: req.shopId,
      categoryIds: req.body.categoryId,
      productIds: req.body.productId,
    });
    return noContent();
  },
);
