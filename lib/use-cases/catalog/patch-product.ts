import { requireCatalog } from '../../data/catalog/catalog-repository';
import { updateProduct } from '../../data/catalog/product-writes';
import { storedShardLevels } from '../../data/inventory/stock-levels';
import type { Catalog } from '../../domain/catalog/catalog';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { etagListMatches, productEtag } from '../../domain/catalog/product-etag';
import { productIdWithNumber } from '../../domain/catalog/product-numbers';
import { applyProductPatch, parseProductPatch } from '../../domain/catalog/product-patch';
import { productWriteContext } from '../../domain/catalog/product-write-context';
import { NotFoundError, ProductVersionMismatch, RefusedInput, StateConflict } from '../../domain/errors';
import { withStockPatch } from '../../domain/inventory/stock-patch';
import type { PatchOperation } from '../../domain/json-patch';
import { addStock, replaceStock } from '../inventory/change-stock';
import { liveUnits } from '../inventory/live-stock';

/**
 * `PATCH /products/{p}` (docs/catalog.md "Product writes").
 * The whole patch is checked before anything is written (RefusedInput naming `[i].path`, `[i].op`
 * or `[i].value`), and If-Match against the product's current ETag (ProductVersionMismatch). Then
 * the record changes as one catalog write, conditional on the catalog version read (a taken
 * product number is 409 on the catalog it is written on), and raises ProductUpdated; then the
 * level in the shards (docs/inventory.md "Changing stock"): a product that starts being tracked is
 * tracked before its level is written, so no reader ever takes a half-written level for the truth.
 * Variations are patched the same way, by their own id. Returns the product with its live stock.
 */
export async function patchProduct(input: {
  shopId: string;
  productId: string;
  operations: readonly PatchOperation[];
  ifMatch?: string;
  locale?: string;
  currency?: string;
}): Promise<{ catalog: Catalog; product: ShopProduct; units: number | null }> {
  const { shopId, productId } = input;
  let catalog = await requireCatalog(shopId);
  const before = catalog.products.get(productId);
  if (!before) throw new NotFoundError('Product');
  const parsed = parseProductPatch(input.operations, productWriteContext(catalog, input));
  if ('problems' in parsed) throw new RefusedInput('Invalid JSON Patch', parsed.problems);
  const { patch } = parsed;

  const unitsBefore = await liveUnits(shopId, before);
  const tagBefore = productEtag(before, unitsBefore);
  if (input.ifMatch !== undefined && !etagListMatches(input.ifMatch, tagBefore))
    throw new ProductVersionMismatch();
  // The record the tag named must still be the one written on (a lost race re-reads it).
  const pinned = input.ifMatch !== undefined && input.ifMatch.trim() !== '*';

  const { level } = patch.stock;
  // An add on an untracked product starts from 0 ("null counts as 0"), whatever its shard 0 still
  // holds from when it was last tracked: the request that starts tracking adds minus that leftover.
  const leftover =
    level.kind === 'add' && before.stockShards === null
      ? ((await storedShardLevels(shopId, productId, 1))[0] ?? 0)
      : 0;
  let product = before;
  let startedTracking = false;
  if (patch.steps.length > 0 || withStockPatch(before, patch.stock) !== before) {
    const written = await updateProduct(
      shopId,
      productId,
      (current, record) => {
        if (pinned && productEtag(record, unitsBefore) !== tagBefore) throw new ProductVersionMismatch();
        const changed = applyProductPatch(record, patch);
        if ('problems' in changed) throw new RefusedInput('Invalid JSON Patch', changed.problems);
        const next = changed.product;
        if (next.productNumber !== record.productNumber) {
          const holder = productIdWithNumber(current, next.productNumber);
          if (holder !== undefined && holder !== productId)
            throw new StateConflict('Product number already taken', [
              { field: 'productNumber', message: `another product has the number ${next.productNumber}` },
            ]);
        }
        // Runs again on a lost race: only the write that finds it untracked starts tracking.
        startedTracking = record.stockShards === null && level.kind !== 'keep' && level.kind !== 'untrack';
        return withStockPatch(next, patch.stock);
      },
      patch.changedFields,
    );
    ({ catalog, product } = written);
  }
  const shards = product.stockShards;
  if (shards !== null && level.kind === 'add')
    await addStock(shopId, productId, shards, startedTracking ? level.units - leftover : level.units);
  if (shards !== null && level.kind === 'set') await replaceStock(shopId, productId, shards, level.units);
  return { catalog, product, units: await liveUnits(shopId, product) };
}
