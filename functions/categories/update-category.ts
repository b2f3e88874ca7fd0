import { requireCatalog } from '../../lib/data/catalog-repository';
import { updateCatalog } from '../../lib/data/catalog-update';
import { siblingAliases, updatedCategory } from '../../lib/domain/category-edit';
import { categoryView } from '../../lib/domain/category-view';
import { writeLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest, Conflict, NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CategoryPath, UpdateCategoryBody, WriteCategoryQuery } from '../../lib/schemas/categories';

/**
 * PUT /{shopId}/categories/{categoryId}: changes the fields the body names; localized fields are
 * written in the query's locale (contract "Categories"). A body categoryId other than the path's
 * is 400; an alias a sibling already has is 409.
 */
export const handler = endpoint(
  routes.updateCategory,
  { path: CategoryPath, query: WriteCategoryQuery, body: UpdateCategoryBody },
  async (req) => {
    const { categoryId } = req.path;
    // contract: categoryId in the body must equal the path id.
    if (req.body.categoryId !== undefined && req.body.categoryId !== categoryId) {
      throw new BadRequest('Invalid request', [
        { field: 'categoryId', message: `must be the category of the path, ${categoryId}` },
      ]);
    }
    const target = writeLocale((await requireCatalog(req.shopId)).settings, req.query.locale);
    if ('problem' in target)
      throw new BadRequest('Invalid request', [{ field: 'locale', message: target.problem }]);
    const category = await updateCatalog(req.shopId, (catalog) => {
      const current = catalog.categories.get(categoryId);
      if (!current) throw new NotFound('Category not found');
      const next = updatedCategory(current, req.body, target.locale);
      if (
        current.parentId !== null &&
        next.alias !== current.alias &&
        siblingAliases(catalog.categories.values(), current.parentId, categoryId).has(next.alias)
      ) {
        throw new Conflict(`Alias ${next.alias} is taken by another subcategory of ${current.parentId}`);
      }
      const unchanged = JSON.stringify(next) === JSON.stringify(current);
      return { puts: unchanged ? [] : [{ kind: 'category', id: categoryId, data: next }], result: next };
    });
    const catalog = await requireCatalog(req.shopId);
    return ok(categoryView(catalog, category, { ...req.view(target.locale), includeInvisible: true }));
  },
);
