import { requireCatalog } from '../../data/catalog/catalog-repository';
import { updateCatalog } from '../../data/catalog/catalog-update';
import type { Catalog } from '../../domain/catalog/catalog';
import { type CategoryChanges, siblingAliases, updatedCategory } from '../../domain/categories/category-edit';
import { NotFoundError, RefusedInput, StateConflict } from '../../domain/errors';
import { requireWriteLocale } from '../write-locale';

type Category = ReturnType<typeof updatedCategory>;

/**
 * Changes the fields `changes` names, localized ones in `locale` (docs/catalog.md "Categories"). A
 * categoryId other than the category's is refused; an alias a sibling has is a StateConflict;
 * unknown category: NotFoundError. An unchanged category is not written.
 */
export async function updateCategory(input: {
  shopId: string;
  categoryId: string;
  locale?: string;
  /** The body: the category it names (the path's) and the fields to change. */
  changes: CategoryChanges & { categoryId: string };
}): Promise<{ category: Category; catalog: Catalog; locale: string }> {
  const { shopId, categoryId, changes } = input;
  // categoryId in the body must equal the path id (docs/catalog.md "Categories").
  if (changes.categoryId !== categoryId) {
    throw new RefusedInput('Invalid request', [
      { field: 'categoryId', message: `must be the category of the path, ${categoryId}` },
    ]);
  }
  const locale = await requireWriteLocale(shopId, input.locale);
  const category = await updateCatalog(shopId, (catalog) => {
    const current = catalog.categories.get(categoryId);
    if (!current) throw new NotFoundError('Category');
    const next = updatedCategory(current, changes, locale);
    if (
      current.parentId !== null &&
      next.alias !== current.alias &&
      siblingAliases(catalog.categories.values(), current.parentId, categoryId).has(next.alias)
    ) {
      throw new StateConflict(`Alias ${next.alias} is taken by another subcategory of ${current.parentId}`);
    }
    const unchanged = JSON.stringify(next) === JSON.stringify(current);
    return { puts: unchanged ? [] : [{ kind: 'category', id: categoryId, data: next }], result: next };
  });
  return { category, catalog: await requireCatalog(shopId), locale };
}
