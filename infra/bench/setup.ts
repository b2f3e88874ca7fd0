import { createTableIfMissing } from '../../lib/data/create-table';
import { importShop } from '../../lib/data/import-shop';
import { ShopFile } from '../../lib/schemas/shop-file';
import { shopFileProblems } from '../../lib/schemas/shop-file-rules';
import { generateShopFile } from '../local/gen-catalog';

export interface BenchCatalog {
  shopId: string;
  products: number;
  /** Generating and validating the file, and importing it (ms). */
  generateMs: number;
  importMs: number;
}

/**
 * Imports a generated catalog into a fresh shop of the configured table (applyLocalEnv first),
 * validated exactly as `npm run import` validates a file.
 */
export async function importBenchCatalog(
  { shopId, products, seed }: { shopId: string; products: number; seed: number },
  say: (line: string) => void,
): Promise<BenchCatalog> {
  await createTableIfMissing();
  let started = performance.now();
  const file = ShopFile.parse(JSON.parse(JSON.stringify(generateShopFile({ products, seed }))));
  const problems = shopFileProblems(file);
  if (problems.length > 0)
    throw new Error(`generated catalog is invalid: ${JSON.stringify(problems.slice(0, 5))}`);
  const generateMs = performance.now() - started;
  say(`generated and validated ${products} products in ${Math.round(generateMs)} ms; importing...`);
  started = performance.now();
  let lastTenth = -1;
  await importShop(shopId, file, (written, total) => {
    const tenth = Math.floor((written * 10) / total);
    if (tenth !== lastTenth) say(`  written ${written}/${total}`);
    lastTenth = tenth;
  });
  return { shopId, products, generateMs, importMs: performance.now() - started };
}
