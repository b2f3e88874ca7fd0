import type { Catalog } from './catalog';
import { projectionOf } from './catalog-projection';

/**
 * What one round of a product's deletion removes (docs/catalog.md "Product writes": deleting
 * a master deletes its variations): up to `max` of its variations first, the product itself once
 * none is left, so no variation is ever left without its master. `last` when this round removes
 * the product; undefined when the product is not in the catalog.
 */
export function productIdsToDelete(
  catalog: Catalog,
  productId: string,
  max: number,
): { ids: string[]; last: boolean } | undefined {
  if (!catalog.products.has(productId)) return undefined;
  const projection = projectionOf(catalog);
  const slot = projection.indexOf.get(productId);
  const variations = (slot === undefined ? [] : (projection.variationsOf.get(slot) ?? [])).map(
    (i) => projection.productIds[i] as string,
  );
  if (variations.length >= max) return { ids: variations.slice(0, max), last: false };
  return { ids: [...variations, productId], last: true };
}
