import type { Catalog } from '../catalog/catalog';
import type { ShopProduct } from '../catalog/catalog-types';

/**
 * Product-category assignments live in each product's `categoryIds` (the listing filters and the
 * product's category links read them there).
 */

/**
 * One unknown id of an assignment request, named for the client (unknown ids: 400, docs/catalog.md
 * "Categories").
 */
export interface AssignmentProblem {
  field: 'categoryId' | 'productId';
  message: string;
}

/** The ids of a request that the catalog does not have. */
export function unknownAssignmentIds(
  catalog: Catalog,
  categoryIds: readonly string[],
  productIds: readonly string[],
): AssignmentProblem[] {
  return [
    ...categoryIds
      .filter((id) => !catalog.categories.has(id))
      .map((id) => ({ field: 'categoryId' as const, message: `unknown category ${id}` })),
    ...productIds
      .filter((id) => !catalog.products.has(id))
      .map((id) => ({ field: 'productId' as const, message: `unknown product ${id}` })),
  ];
}

/** The product assigned to the categories as well (appended), or null when it already is. */
export function assigned(product: ShopProduct, categoryIds: readonly string[]): ShopProduct | null {
  const added = [...new Set(categoryIds)].filter((id) => !product.categoryIds.includes(id));
  return added.length === 0 ? null : { ...product, categoryIds: [...product.categoryIds, ...added] };
}

/** The product without the categories, or null when it had none of them. */
export function unassigned(product: ShopProduct, categoryIds: ReadonlySet<string>): ShopProduct | null {
  const kept = product.categoryIds.filter((id) => !categoryIds.has(id));
  return kept.length === product.categoryIds.length ? null : { ...product, categoryIds: kept };
}
