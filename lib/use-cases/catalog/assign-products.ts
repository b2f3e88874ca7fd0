import { changeAssignments } from '../../data/catalog/assignment-writes';
import { assigned } from '../../domain/categories/category-assignments';

/**
 * Assigns every named product to every named category (docs/catalog.md "Categories"); unknown ids are
 * refused, naming them. Products already assigned stay as they are.
 */
export async function assignProducts(input: {
  shopId: string;
  categoryIds: readonly string[];
  productIds: readonly string[];
}): Promise<void> {
  const { categoryIds } = input;
  await changeAssignments(input.shopId, categoryIds, input.productIds, (product) =>
    assigned(product, categoryIds),
  );
}
