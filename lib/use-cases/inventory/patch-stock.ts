import { requireCatalog } from '../../data/catalog/catalog-repository';
import { updateProduct } from '../../data/catalog/product-writes';
import { storedShardLevels } from '../../data/inventory/stock-levels';
import type { Catalog } from '../../domain/catalog/catalog';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { etagListMatches, productEtag } from '../../domain/catalog/product-etag';
import { NotFoundError, ProductVersionMismatch, RefusedInput } from '../../domain/errors';
import { parseStockPatch, withStockPatch } from '../../domain/inventory/stock-patch';
import type { PatchOperation } from '../../domain/json-patch';
import { addStock, replaceStock } from './change-stock';
import { liveUnits } from './live-stock';

/**
 * `PATCH /products/{p}` on the stock paths (merchant-api.md §2, docs/inventory.md "Changing
 * stock"). The whole patch is checked before anything is written (RefusedInput naming `[i].path`,
 * `[i].op` or `[i].value`), and If-Match against the product's current ETag (ProductVersionMismatch).
 * Then the catalog changes first (tracking starts or ends, the minimum), then the level in the
 * shards: a product that starts being tracked is tracked before its level is written, so no reader
 * ever takes a half-written level for the truth. Returns the product with its live stock.
 */
export async function patchStock(input: {
  shopId: string;
  productId: string;
  operations: readonly PatchOperation[];
  ifMatch?: string;
}): Promise<{ catalog: Catalog; product: ShopProduct; units: number | null }> {
  const { shopId, productId } = input;
  const parsed = parseStockPatch(input.operations);
  if ('problems' in parsed) throw new RefusedInput('Invalid JSON Patch', parsed.problems);
  const { patch } = parsed;

  let catalog = await requireCatalog(shopId);
  const before = catalog.products.get(productId);
  if (!before) throw new NotFoundError('Product');
  const unitsBefore = await liveUnits(shopId, before);
  if (input.ifMatch !== undefined && !etagListMatches(input.ifMatch, productEtag(before, unitsBefore)))
    throw new ProductVersionMismatch();

  const { level } = patch;
  // An add on an untracked product starts from 0 ("null counts as 0"), whatever its shard 0 still
  // holds from when it was last tracked: the request that starts tracking adds minus that leftover.
  const leftover =
    level.kind === 'add' && before.stockShards === null
      ? ((await storedShardLevels(shopId, productId, 1))[0] ?? 0)
      : 0;
  let product = before;
  let startedTracking = false;
  if (withStockPatch(before, patch) !== before) {
    ({ catalog, product } = await updateProduct(shopId, productId, (_, current) => {
      // Runs again on a lost race: only the write that finds it untracked starts tracking.
      startedTracking = current.stockShards === null && level.kind !== 'keep' && level.kind !== 'untrack';
      return withStockPatch(current, patch);
    }));
  }
  const shards = product.stockShards;
  if (shards !== null && level.kind === 'add')
    await addStock(shopId, productId, shards, startedTracking ? level.units - leftover : level.units);
  if (shards !== null && level.kind === 'set') await replaceStock(shopId, productId, shards, level.units);
  return { catalog, product, units: await liveUnits(shopId, product) };
}
