import { childrenOf } from '../../lib/domain/categories/category-tree';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CategoryPath } from '../../lib/schemas/categories';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/categories/{categoryId}/sequence: a bare array of the aliases of all subcategories
 * (invisible ones included: this is the editor's view), in their order (docs/catalog.md "Categories").
 */
export const handler = endpoint(routes.getCategorySequence, { path: CategoryPath }, async (req) => {
  return answerFromCatalog(req, (catalog) => {
    if (!catalog.categories.has(req.path.categoryId)) throw new NotFound('Category not found');
    return ok(childrenOf(catalog, req.path.categoryId).map((c) => c.alias));
  });
});
