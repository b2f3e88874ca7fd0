import { catalogPositions } from '../../lib/data/catalog-positions';
import { updateCatalog } from '../../lib/data/catalog-update';
import { MAX_CATALOG_WRITES } from '../../lib/data/catalog-writes';
import { sequenceProblems } from '../../lib/domain/category-sequence';
import { childrenOf } from '../../lib/domain/category-tree';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest, NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CategoryPath, UpdateCategorySequenceBody } from '../../lib/schemas/categories';

/**
 * PUT /{shopId}/categories/{categoryId}/sequence: reorders the subcategories. The body must name
 * exactly the current subcategories' aliases (else 400); the answer is the new order. The order
 * is stored as the subcategories' positions 0..n-1; only those whose position changes are written
 * (more than 99 subcategories take several transactions, each checked against the current tree).
 */
export const handler = endpoint(
  routes.updateCategorySequence,
  { path: CategoryPath, body: UpdateCategorySequenceBody },
  async (req) => {
    const { categoryId } = req.path;
    const aliases = req.body;
    await updateCatalog(req.shopId, async (catalog) => {
      if (!catalog.categories.has(categoryId)) throw new NotFound('Category not found');
      const children = childrenOf(catalog, categoryId);
      const problems = sequenceProblems(children, aliases);
      if (problems.length > 0) throw new BadRequest('Invalid sequence', problems);
      const byAlias = new Map(children.map((c) => [c.alias, c]));
      const positions = await catalogPositions(
        req.shopId,
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
    return ok(aliases);
  },
);
