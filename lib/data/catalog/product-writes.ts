import type { Catalog } from '../../domain/catalog/catalog';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { NotFoundError } from '../../domain/errors';
import { queueCatalogChange } from './catalog-write-queue';

/**
 * Read-modify-write of one product: `change` computes the new product from the current catalog, and
 * it is stored only if the catalog version is still the one read (writeCatalog's expectedVersion;
 * the same transaction bumps the version, so every instance sees the change on its next request).
 * Writes of other products may share that version (lib/data/catalog/catalog-write-queue.ts); a write
 * of the same product waits for the next one and runs `change` on its result, as does a lost race.
 * An unchanged product is not written. `changedFields` (the patch's paths) makes the write raise
 * ProductUpdated. Returns the catalog `change` ran on and the product written.
 */
export async function updateProduct(
  shopId: string,
  productId: string,
  change: (catalog: Catalog, product: ShopProduct) => ShopProduct,
  changedFields?: readonly string[],
): Promise<{ catalog: Catalog; product: ShopProduct }> {
  return queueCatalogChange(
    shopId,
    (catalog) => {
      const current = catalog.products.get(productId);
      if (!current) throw new NotFoundError('Product');
      const product = change(catalog, current);
      const result = { catalog, product };
      if (JSON.stringify(product) === JSON.stringify(current)) return { result };
      return {
        puts: [{ kind: 'product', id: productId, data: product }],
        events: changedFields && [{ type: 'ProductUpdated', productId, changedFields: [...changedFields] }],
        result,
      };
    },
    { combine: true },
  );
}
