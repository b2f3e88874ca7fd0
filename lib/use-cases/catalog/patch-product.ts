import { keptCatalog, requireCatalog } from '../../data/catalog/catalog-repository';
import { updateProduct } from '../../data/catalog/product-writes';
import { batchedShardLevels } from '../../data/inventory/shard-read-batches';
import { storedShardLevels } from '../../data/inventory/stock-levels';
import type { Catalog } from '../../domain/catalog/catalog';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { etagListMatches, productEtag } from '../../domain/catalog/product-etag';
import { productIdWithNumber } from '../../domain/catalog/product-numbers';
import { applyProductPatch, type ProductPatch, parseProductPatch } from '../../domain/catalog/product-patch';
import { productWriteContext } from '../../domain/catalog/product-write-context';
import { NotFoundError, ProductVersionMismatch, RefusedInput, StateConflict } from '../../domain/errors';
import { withStockPatch } from '../../domain/inventory/stock-patch';
import type { PatchOperation } from '../../domain/json-patch';
import { addStock, replaceStock } from '../inventory/change-stock';

/**
 * `PATCH /products/{p}` (docs/catalog.md "Product writes").
 * The whole patch is checked before anything is written (RefusedInput naming `[i].path`, `[i].op`
 * or `[i].value`). Then the record changes as one catalog write, computed on the catalog version it
 * is conditional on: there the product must exist (NotFoundError), If-Match must name its current
 * ETag (ProductVersionMismatch), and a new product number must be free (409); it raises
 * ProductUpdated; then the level in the shards (docs/inventory.md "Changing stock"): a product that
 * starts being tracked is tracked before its level is written, so no reader ever takes a
 * half-written level for the truth. Variations are patched the same way, by their own id. Returns
 * the product with its live stock.
 *
 * What comes before the write (the patch's parsing, the stock read for an If-Match) uses the catalog
 * this instance keeps, without reading the catalog version: the write re-checks everything on the
 * current version, and under load the version read was one of the four DynamoDB calls a PATCH made.
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
  const { patch, seen } = await checkedPatch(input);
  const { level } = patch.stock;
  // Only If-Match needs the stock before the write (the tag holds it); otherwise the read runs beside
  // the write, for the answer, instead of ahead of it (one round trip less on the way), and a patch
  // that moves the level reads it after the move anyway.
  const unitsRead =
    input.ifMatch !== undefined || level.kind === 'keep' ? liveUnitsOf(shopId, seen) : Promise.resolve(null);
  // A write that fails answers its own error: the read's failure then matters to nobody.
  unitsRead.catch(() => undefined);
  const unitsBefore = input.ifMatch === undefined ? null : await unitsRead;
  // An add on an untracked product starts from 0 ("null counts as 0"), whatever its shard 0 still
  // holds from when it was last tracked: the request that starts tracking adds minus that leftover.
  const leftover =
    level.kind === 'add' && seen.stockShards === null
      ? ((await storedShardLevels(shopId, productId, 1))[0] ?? 0)
      : 0;
  let startedTracking = false;
  const { catalog, product } = await updateProduct(
    shopId,
    productId,
    (current, record) => {
      // The ETag of the record written on; its stock as read above (a product whose tracking changed
      // since has another tag anyway).
      if (
        input.ifMatch !== undefined &&
        (record.stockShards !== seen.stockShards ||
          !etagListMatches(input.ifMatch, productEtag(record, unitsBefore)))
      )
        throw new ProductVersionMismatch();
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
  const shards = product.stockShards;
  if (shards !== null && level.kind === 'add')
    await addStock(shopId, productId, shards, startedTracking ? level.units - leftover : level.units);
  if (shards !== null && level.kind === 'set') await replaceStock(shopId, productId, shards, level.units);
  // A patch that leaves the level alone answers with the level read while it was written: reading
  // the shards again would cost every such PATCH a second read for the same figure.
  const unchanged = level.kind === 'keep' && shards === seen.stockShards;
  return { catalog, product, units: unchanged ? await unitsRead : await liveUnitsOf(shopId, product) };
}

/**
 * The patch checked whole (RefusedInput) and the product as this instance last saw it (its stock
 * shards say what to read). The kept catalog answers unless it lacks the product or refuses the
 * patch: then the current one decides (a product created, or a locale added, elsewhere).
 */
async function checkedPatch(input: {
  shopId: string;
  productId: string;
  operations: readonly PatchOperation[];
  locale?: string;
  currency?: string;
}): Promise<{ patch: ProductPatch; seen: ShopProduct }> {
  const kept = keptCatalog(input.shopId);
  if (kept?.products.has(input.productId)) {
    try {
      const parsed = parseProductPatch(input.operations, productWriteContext(kept, input));
      const seen = kept.products.get(input.productId);
      if (!('problems' in parsed) && seen) return { patch: parsed.patch, seen };
    } catch (error) {
      if (!(error instanceof RefusedInput)) throw error;
    }
  }
  const catalog = await requireCatalog(input.shopId);
  const seen = catalog.products.get(input.productId);
  if (!seen) throw new NotFoundError('Product');
  const parsed = parseProductPatch(input.operations, productWriteContext(catalog, input));
  if ('problems' in parsed) throw new RefusedInput('Invalid JSON Patch', parsed.problems);
  return { patch: parsed.patch, seen };
}

/**
 * A tracked product's live stock (the sum of its shards, strongly consistent), read together with
 * the other PATCHes' reads in flight (lib/data/inventory/shard-read-batches.ts); null when untracked.
 */
async function liveUnitsOf(shopId: string, product: ShopProduct): Promise<number | null> {
  if (product.stockShards === null) return null;
  const levels = await batchedShardLevels(shopId, product.productId, product.stockShards);
  return levels.reduce((sum, level) => sum + level, 0);
}
