import { readFile } from 'node:fs/promises';
import { importShop } from '../../lib/data/import-shop';
import { ShopFile } from '../../lib/schemas/shop-file';
import { shopFileProblems } from '../../lib/schemas/shop-file-rules';
import { formatPath, ImportValidationError } from './import-problems';

const SHOP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads, validates (schema, then the whole-file rules) and imports a shop file: the one path for
 * `npm run import` and the demo seed, so a file that seeds locally imports the same way into AWS.
 */
export async function importShopFile(
  shopId: string,
  filePath: string,
  onProgress?: (written: number, total: number) => void,
): Promise<{ items: number; deleted: number }> {
  if (!SHOP_ID.test(shopId))
    throw new Error(`Bad shop id "${shopId}": 1-64 letters, digits, - or _ expected`);
  const file = await readShopFile(filePath);
  return importShop(shopId, file, onProgress);
}

/** The parsed and validated file; throws ImportValidationError with all problems found. */
export async function readShopFile(filePath: string): Promise<ShopFile> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${filePath}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${filePath} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ShopFile.safeParse(json);
  if (!parsed.success) {
    throw new ImportValidationError(
      filePath,
      parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
    );
  }
  const problems = shopFileProblems(parsed.data);
  if (problems.length > 0) throw new ImportValidationError(filePath, problems);
  return parsed.data;
}
