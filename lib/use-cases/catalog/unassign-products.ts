import { changeAssignments } from '../../data/catalog/assignment-writes';
import { unassigned } from '../../domain/categories/category-assignments';

/**
 * Takes every named product out of every named category (docs/catalog.md "Categories"); unknown ids are
 * refused, naming them. A product that was not assigned is left as it is.
 */
export async function unassignProducts(input: {
  shopId: string;
  categoryIds: readonly string[];
  productIds: readonly string[];
}): Promise<void> {
  const removed = new Set(input.categoryIds);
  await changeAssignments(input.shopId, input.categoryIds, input.productIds, (product) =>
    unassigned(product, removed),
  );
}
