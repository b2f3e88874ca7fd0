import { categoryView } from '../../lib/domain/categories/category-view';
import { endpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CategoryPath, CreateCategoryBody, WriteCategoryQuery } from '../../lib/schemas/categories';
import { createCategory } from '../../lib/use-cases/categories/create-category';

/**
 * POST /{shopId}/categories/{categoryId}: creates an invisible subcategory of the path's category,
 * last in its sequence (docs/catalog.md "Categories") → 201 Category with Location.
 */
export const handler = endpoint(
  routes.createCategory,
  { path: CategoryPath, query: WriteCategoryQuery, body: CreateCategoryBody },
  async (req) => {
    const { category, catalog, locale } = await createCategory({
      shopId: req.shopId,
      parentId: req.path.categoryId,
      locale: req.query.locale,
      fields: req.body,
    });
    const ctx = { ...req.view(locale), includeInvisible: true };
    return created(categoryView(catalog, category, ctx), {
      Location: `/${req.shopId}/categories/${category.categoryId}`,
    });
  },
);
