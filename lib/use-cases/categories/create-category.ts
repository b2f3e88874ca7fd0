import { catalogPositions } from '../../data/catalog/catalog-positions';
import { requireCatalog } from '../../data/catalog/catalog-repository';
import { updateCatalog } from '../../data/catalog/catalog-update';
import { newId } from '../../data/ids';
import type { Catalog } from '../../domain/catalog/catalog';
import { newCategory, siblingAliases } from '../../domain/categories/category-edit';
import { childrenOf } from '../../domain/categories/category-tree';
import { NotFoundError } from '../../domain/errors';
import { requireWriteLocale } from '../write-locale';

type NewCategoryFields = Parameters<typeof newCategory>[0]['body'];
type Category = ReturnType<typeof newCategory>;

/**
 * Creates an invisible subcategory of `parentId`, last in its sequence, its texts in `locale`
 * (docs/catalog.md "Categories"). Unknown parent: NotFoundError('Category'). Returns the category, the
 * catalog that holds it and the locale written.
 */
export async function createCategory(input: {
  shopId: string;
  parentId: string;
  locale?: string;
  fields: NewCategoryFields;
}): Promise<{ category: Category; catalog: Catalog; locale: string }> {
  const { shopId, parentId } = input;
  const locale = await requireWriteLocale(shopId, input.locale);
  const categoryId = newId();
  const category = await updateCatalog(shopId, async (catalog) => {
    if (!catalog.categories.has(parentId)) throw new NotFoundError('Category');
    const siblings = childrenOf(catalog, parentId).map((c) => c.categoryId);
    const positions = [...(await catalogPositions(shopId, 'category', siblings)).values()];
    const category = newCategory({
      categoryId,
      parentId,
      body: input.fields,
      locale,
      defaultLocale: catalog.settings.defaultLocale,
      takenAliases: siblingAliases(catalog.categories.values(), parentId),
    });
    const position = positions.length === 0 ? 0 : Math.max(...positions) + 1;
    return { puts: [{ kind: 'category', id: categoryId, data: category, position }], result: category };
  });
  return { category, catalog: await requireCatalog(shopId), locale };
}
