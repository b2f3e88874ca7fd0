import { treeOrder } from '../../lib/domain/categories/category-tree';
import { categoryView } from '../../lib/domain/categories/category-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { Forbidden } from '../../lib/http/errors';
import { hasScope } from '../../lib/http/middleware/auth';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ListCategoriesQuery } from '../../lib/schemas/categories';
import { ShopPath } from '../../lib/schemas/common';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/categories: a bare array (docs/api-rules.md "Lists and paging") of the whole tree, flat,
 * depth-first from the root (a parent before its children, siblings in sequence order). Without
 * includeInvisible an invisible category and its subtree are left out.
 */
export const handler = endpoint(
  routes.listCategories,
  { path: ShopPath, query: ListCategoriesQuery },
  async (req) => {
    const includeInvisible = req.query.includeInvisible ?? false;
    // includeInvisible=true needs products_write as well (docs/api-rules.md "Authentication and scopes").
    if (includeInvisible && !hasScope(req.principal, 'products_write'))
      throw new Forbidden('includeInvisible needs scope products_write');
    return answerFromCatalog(req, (catalog) => {
      const ctx = { ...req.view(resolveLocale(catalog.settings, req.query.locale)), includeInvisible };
      return ok(treeOrder(catalog, includeInvisible).map((c) => categoryView(catalog, c, ctx)));
    });
  },
);
