import { importShop } from '../../lib/data/import-shop';
import { readShopFile } from '../local/import-file';
import { SEED_SHOPS } from '../local/twin';

/**
 * The shops the benches buy in: the demo shop's file, imported under a shop id of the bench's own,
 * with every product the benches put in carts untracked (`stocklevel: null`). Now that a checkout
 * takes stock, thousands of bench checkouts would otherwise empty (or merely depend on) the demo's
 * levels, and a tracked line would add the stock hold's cost to what the bench measures as "a
 * checkout". A flash sale adds one tracked product on purpose (`sale`).
 */

/** The shop the http, scale and faults benches buy in. */
export const BENCH_SHOP = 'benchdemo';

/** The products bench carts hold or add (http-fixtures, http-scenarios, pause-clients). */
const BENCH_PRODUCTS = new Set([
  'espresso-beans',
  'enamel-mug',
  'titanium-spork',
  'trail-mix',
  'feldberg-map',
  'olivewood-spoon-set',
  'gas-stove',
]);

/** One product sold in a flash sale: its stock (pieces) and how many shards carry it. */
export interface SaleProduct {
  productId: string;
  stocklevel: number;
  stockShards: number;
}

/**
 * Imports the demo file as shop `shopId` with the bench's products untracked and, if given, the
 * sale product's stock set (absolutely: an import rewrites every shard, so each run starts full).
 * Runs in the bench process, against the DynamoDB the local environment points at.
 */
export async function importBenchShop(shopId: string, sale?: SaleProduct): Promise<void> {
  const demo = await readShopFile(SEED_SHOPS[0].file);
  const products = demo.products.map((p) => {
    if (p.productId === sale?.productId)
      return { ...p, stocklevel: sale.stocklevel, minStocklevel: null, stockShards: sale.stockShards };
    if (BENCH_PRODUCTS.has(p.productId)) return { ...p, stocklevel: null, minStocklevel: null };
    return p;
  });
  if (sale && !products.some((p) => p.productId === sale.productId))
    throw new Error(`the demo shop has no product ${sale.productId} to sell`);
  await importShop(shopId, { ...demo, products });
}
