import { catalogPositions } from '../../lib/data/catalog-positions';
import { requireCatalog } from '../../lib/data/catalog-repository';
import { updateCatalog } from '../../lib/data/catalog-update';
import { newId } from '../../lib/data/ids';
import { newCategory, siblingAliases } from '../../lib/domain/category-edit';
import { childrenOf } from '../../lib/domain/category-tree';
import { categoryView } from '../../lib/domain/category-view';
import { writeLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest, NotFound } from '../../lib/http/errors';
import { created } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CategoryPath, CreateCategoryBody, WriteCategoryQuery } from '../../lib/schemas/categories';

/**
 * POST /{shopId}/categories/{categoryId}: creates an invisible subcategory of the path's category,
 * last in its sequence (contract "Categories") → 201 Category with Location.
 */
export const handler = endpoint(
  routes.createCategory,
  { path: CategoryPath, query: WriteCategoryQuery, body: CreateCategoryBody },
  async (req) => {
    const parentId = req.path.categoryId;
    const target = writeLocale((await requireCatalog(req.shopId)).settings, req.query.locale);
    if ('problem' in target)
      throw new BadRequest('Invalid request', [{ field: 'locale', message: target.problem }]);
    const categoryId = newId();
    const category = await updateCatalog(req.shopId, async (catalog) => {
      if (!catalog.categories.has(parentId)) throw new NotFound('Category not found');
      const siblings = childrenOf(catalog, parentId).map((c) => c.categoryId);
      const positions = [...(await catalogPositions(req.shopId, 'category', siblings)).values()];
      const category = newCategory({
        categoryId,
        parentId,
        body: req.body,
        locale: target.locale,
        defaultLocale: catalog.settings.defaultLocale,
        takenAliases: siblingAliases(catalog.categories.values(), parentId),
      });
      const position = positions.length === 0 ? 0 : Math.max(...positions) + 1;
      return { puts: [{ kind: 'category', id: categoryId, data: category, position }], result: category };
    });
    const catalog = await requireCatalog(req.shopId);
    const ctx = { ...req.view(target.locale), includeInvisible: true };
    return created(categoryView(catalog, category, ctx), {
      Location: `/${req.shopId}/categories/${categoryId}`,
    });
  },
);
