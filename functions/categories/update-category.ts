import { categoryView } from '../../lib/domain/categories/category-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CategoryPath, UpdateCategoryBody, WriteCategoryQuery } from '../../lib/schemas/categories';
import { updateCategory } from '../../lib/use-cases/categories/update-category';

/**
 * PUT /{shopId}/categories/{categoryId}: changes the fields the body names; localized fields are
 * written in the query's locale (docs/catalog.md "Categories"). A body categoryId other than the path's
 * is 400; an alias a sibling already has is 409.
 */
export const handler = endpoint(
  routes.updateCategory,
  { path: CategoryPath, query: WriteCategoryQuery, body: UpdateCategoryBody },
  async (req) => {
    const { category, catalog, locale } = await updateCategory({
      shopId: req.shopId,
      categoryId: req.path.categoryId,
      locale: req.query.locale,
      changes: req.body,
    });
    return ok(categoryView(catalog, category, { ...req.view(locale), includeInvisible: true }));
  },
);
