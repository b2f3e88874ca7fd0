import { endpoint } from '../../lib/http/endpoint';
import { noContent } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CategoryPath } from '../../lib/schemas/categories';
import { deleteCategory } from '../../lib/use-cases/categories/delete-category';

/**
 * DELETE /{shopId}/categories/{categoryId}: removes the category, its whole subtree and their
 * product assignments → 204; the root is 409 (docs/catalog.md "Categories"). Safe to repeat when
 * interrupted (lib/use-cases/categories/delete-category.ts).
 */
export const handler = endpoint(routes.deleteCategory, { path: CategoryPath }, async (req) => {
  await deleteCategory({ shopId: req.shopId, categoryId: req.path.categoryId });
  return noContent();
});
