import { readShopFile } from '../../infra/local/import-file';
import { importShop } from '../../lib/data/import-shop';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { useLocalTable } from './local-env';

/**
 * Imports a private copy of the demo shop under a fresh id (so a test file may change or count
 * things without disturbing others); `adjust` edits the file first (e.g. a NET tax model).
 */
export async function privateDemoShop(
  prefix: string,
  adjust: (file: ShopFile) => ShopFile = (f) => f,
): Promise<string> {
  useLocalTable();
  const shopId = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await importShop(shopId, adjust(await readShopFile('infra/local/seed/demo.json')));
  return shopId;
}

/** A product's stock as a test sets it: the level (null: untracked), its minimum and shard count. */
export interface StockSetting {
  stock: number | null;
  /** The minimum; absent: the product's own. */
  min?: number | null;
  /** The shard count; absent: the import's choice. */
  shards?: number;
}

/** A shop-file edit for privateDemoShop: these products' stock as given, the others' as they are. */
export function withStock(levels: Record<string, StockSetting>): (file: ShopFile) => ShopFile {
  return (file) => ({
    ...file,
    products: file.products.map((p) => {
      const set = levels[p.productId];
      if (!set) return p;
      return {
        ...p,
        stocklevel: set.stock,
        minStocklevel: set.min === undefined ? p.minStocklevel : set.min,
        stockShards: set.shards ?? null,
      };
    }),
  });
}
