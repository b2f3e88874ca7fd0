import { keptCatalog, requireCatalog } from '../../data/catalog/catalog-repository';
import { updateCatalog } from '../../data/catalog/catalog-update';
import { LAST } from '../../data/catalog/catalog-version-plan';
import { newId } from '../../data/ids';
import type { Catalog } from '../../domain/catalog/catalog';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { type NewProductFields, newProduct } from '../../domain/catalog/product-create';
import { productIdWithNumber } from '../../domain/catalog/product-numbers';
import { productWriteContext } from '../../domain/catalog/product-write-context';
import { RefusedInput, StateConflict } from '../../domain/errors';
import { stockUnits } from '../../domain/inventory/stock';
import { replaceStock } from '../inventory/change-stock';

/**
 * `POST /products` (docs/catalog.md "Product writes"): the product checked whole, its stock
 * written to its shard before the product exists (nobody reads a shard of an unknown product, so
 * no reader ever sees a tracked product without its level), then the product put as a catalog
 * change, conditional on the catalog version read: its number is unique under racing writes
 * because the write that counted on a catalog without it fails when another got there first, and
 * its step runs again on the fresh catalog (409 then); creates of other numbers may share its
 * version, each last in catalog order. Raises ProductCreated.
 */
export async function createProduct(input: {
  shopId: string;
  fields: NewProductFields;
  locale?: string;
  currency?: string;
}): Promise<{ catalog: Catalog; product: ShopProduct; units: number | null }> {
  const { shopId, fields } = input;
  const ctx = productWriteContext(await requireCatalog(shopId), input);
  const productId = newId();
  const made = newProduct(fields, {
    ...ctx,
    productId,
    productNumber: fields.productNumber ?? productId,
    now: new Date().toISOString(),
  });
  if ('problems' in made) throw new RefusedInput('Invalid product', made.problems);
  const { product } = made;
  if (product.stockShards !== null && product.stocklevel !== null)
    await replaceStock(shopId, productId, product.stockShards, stockUnits(product.stocklevel));
  await updateCatalog(
    shopId,
    (catalog) => {
      if (productIdWithNumber(catalog, product.productNumber) !== undefined)
        throw new StateConflict('Product number already taken', [
          { field: 'productNumber', message: `another product has the number ${product.productNumber}` },
        ]);
      return {
        puts: [{ kind: 'product', id: productId, data: product, position: LAST }],
        events: [{ type: 'ProductCreated', productId, productNumber: product.productNumber }],
        result: undefined,
      };
    },
    { combine: true },
  );
  // The write left its version in the catalog this instance keeps (lib/data/catalog/catalog-write-queue.ts).
  const kept = keptCatalog(shopId);
  const catalog = kept?.products.has(productId) ? kept : await requireCatalog(shopId);
  const units = product.stocklevel === null ? null : stockUnits(product.stocklevel);
  return { catalog, product: catalog.products.get(productId) ?? product, units };
}
