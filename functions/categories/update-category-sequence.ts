import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CategoryPath, UpdateCategorySequenceBody } from '../../lib/schemas/categories';
import { updateCategorySequence } from '../../lib/use-cases/categories/update-category-sequence';

/**
 * PUT /{shopId}/categories/{categoryId}/sequence: reorders the subcategories. The body must name
 * exactly the current subcategories' aliases (else 400); the answer is the new order.
 */
export const handler = endpoint(
  routes.updateCategorySequence,
  { path: CategoryPath, body: UpdateCategorySequenceBody },
  async (req) => {
    await updateCategorySequence({ shopId: req.shopId, categoryId: req.path.categoryId, aliases: req.body });
    return ok(req.body);
  },
);
