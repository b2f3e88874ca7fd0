import { isShown } from '../categories/category-tree';
import type { Catalog } from './catalog';
import type { ShopCategory, ShopProduct } from './catalog-types';

/**
 * The categories a product is assigned to, in the order they were assigned; without
 * includeInvisible those not shown (invisible, or below an invisible parent) are left out, as
 * GET /categories leaves them out.
 */
export function productCategories(
  catalog: Catalog,
  product: ShopProduct,
  includeInvisible: boolean,
): ShopCategory[] {
  return product.categoryIds
    .map((id) => catalog.categories.get(id))
    .filter((c): c is ShopCategory => c !== undefined && (includeInvisible || isShown(catalog, c)));
}
