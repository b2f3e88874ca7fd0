import { isShown } from '../../lib/domain/categories/category-tree';
import { categoryView } from '../../lib/domain/categories/category-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { Forbidden, NotFound } from '../../lib/http/errors';
import { hasScope } from '../../lib/http/middleware/auth';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CategoryPath, GetCategoryQuery } from '../../lib/schemas/categories';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/categories/{categoryId}: one category in the requested locale. An invisible one
 * (or one below an invisible parent) is 404 unless includeInvisible=true, which needs products_write.
 */
export const handler = endpoint(
  routes.getCategory,
  { path: CategoryPath, query: GetCategoryQuery },
  async (req) => {
    const includeInvisible = req.query.includeInvisible ?? false;
    // includeInvisible=true needs products_write as well (docs/api-rules.md "Authentication and scopes").
    if (includeInvisible && !hasScope(req.principal, 'products_write'))
      throw new Forbidden('includeInvisible needs scope products_write');
    return answerFromCatalog(req, (catalog) => {
      const category = catalog.categories.get(req.path.categoryId);
      if (!category || (!includeInvisible && !isShown(catalog, category)))
        throw new NotFound('Category not found');
      const ctx = { ...req.view(resolveLocale(catalog.settings, req.query.locale)), includeInvisible };
      return ok(categoryView(catalog, category, ctx));
    });
  },
);
