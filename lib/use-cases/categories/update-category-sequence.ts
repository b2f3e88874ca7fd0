import { catalogPositions } from '../../data/catalog/catalog-positions';
import { updateCatalog } from '../../data/catalog/catalog-update';
import { MAX_CATALOG_WRITES } from '../../data/catalog/catalog-writes';
import { sequenceProblems } from '../../domain/categories/category-sequence';
import { childrenOf } from '../../domain/categories/category-tree';
import { NotFoundError, RefusedInput } from '../../domain/errors';

/**
 * Reorders a category's subcategories: `aliases` must name exactly the current subcategories
 * (refused otherwise); unknown category: NotFoundError. The order is stored as positions 0..n-1;
 * only the subcategories whose position changes are written (more than 99 take several
 * transactions, each checked against the current tree).
 */
export async function updateCategorySequence(input: {
  shopId: string;
  categoryId: string;
  aliases: readonly string[];
}): Promise<void> {
  const { shopId, categoryId, aliases } = input;
  await updateCatalog(shopId, async (catalog) => {
    if (!catalog.categories.has(categoryId)) throw new NotFoundError('Category');
    const children = childrenOf(catalog, categoryId);
    const problems = sequenceProblems(children, aliases);
    if (problems.length > 0) throw new RefusedInput('Invalid sequence', problems);
    const byAlias = new Map(children.map((c) => [c.alias, c]));
    const positions = await catalogPositions(
      shopId,
      'category',
      [...byAlias.values()].map((c) => c.categoryId),
    );
    const moves = aliases.flatMap((alias, position) => {
      const child = byAlias.get(alias);
      return child && positions.get(child.categoryId) !== position
        ? [{ kind: 'category' as const, id: child.categoryId, data: child, position }]
        : [];
    });
    return {
      puts: moves.slice(0, MAX_CATALOG_WRITES),
      result: undefined,
      more: moves.length > MAX_CATALOG_WRITES,
    };
  });
}
