import type { ShopProduct } from '../catalog/catalog-types';
import { opField, type PatchOperation, type PatchProblem, parsePointer } from '../json-patch';
import { availabilityOf, stockLevel, stockUnits } from './stock';

/**
 * The stock paths of `PATCH /products/{p}` (docs/inventory.md "Changing
 * stock"): `/stocklevel` takes `add` (relative, may be negative; an untracked level counts as 0),
 * `replace` (absolute, ≥ 0) and `remove` (not tracked); `/minStocklevel` takes `add` (sets, ≥ 0)
 * and `remove` (null). Values are numbers with at most 3 decimals. The operations fold, in order,
 * into one change of the level and one of the minimum (foldStockOperation, called by the product
 * patch for its stock paths), so the patch is checked whole before anything is written.
 */

/** What a patch does to the level, all its operations folded. */
export type LevelChange =
  | { kind: 'keep' }
  /** Relative: `units` more (or less) than whatever the level is when written. */
  | { kind: 'add'; units: number }
  /** Absolute: the level becomes `units`. */
  | { kind: 'set'; units: number }
  | { kind: 'untrack' };

export interface StockPatch {
  level: LevelChange;
  /** The minimum after the patch; undefined leaves it as it is. */
  minStocklevel?: number | null;
}

/** The stock paths of a product patch (the other paths: lib/domain/catalog/product-patch.ts). */
export const STOCK_PATHS: ReadonlySet<string> = new Set(['/stocklevel', '/minStocklevel']);

/** A patch that changes nothing of the stock. */
export function noStockChange(): StockPatch {
  return { level: { kind: 'keep' } };
}

/**
 * Folds one operation on a stock path (STOCK_PATHS) into the patch, in order; the problem of
 * operation `i` when it is refused (the patch is then left as it was).
 */
export function foldStockOperation(
  patch: StockPatch,
  operation: PatchOperation,
  i: number,
): PatchProblem | undefined {
  const problem = (member: string, message: string) => ({ field: opField(i, member), message });
  const target = parsePointer(operation.path)?.join('/');
  if (target !== 'stocklevel' && target !== 'minStocklevel')
    return problem('path', `${operation.path} is not a stock path`);
  const allowed = target === 'stocklevel' ? ['add', 'replace', 'remove'] : ['add', 'remove'];
  if (!allowed.includes(operation.op))
    return problem('op', `${operation.path} takes ${allowed.join(', ')}, not ${operation.op}`);
  if (operation.op === 'remove') {
    if (target === 'stocklevel') patch.level = { kind: 'untrack' };
    else patch.minStocklevel = null;
    return undefined;
  }
  const negativeAllowed = target === 'stocklevel' && operation.op === 'add';
  const units = valueUnits(operation.value, negativeAllowed);
  if (typeof units === 'string') return problem('value', units);
  if (target === 'minStocklevel') patch.minStocklevel = stockLevel(units);
  else patch.level = operation.op === 'replace' ? { kind: 'set', units } : added(patch.level, units);
  return undefined;
}

/** A relative add on top of what the earlier operations did ("null counts as 0" after remove). */
function added(level: LevelChange, units: number): LevelChange {
  switch (level.kind) {
    case 'keep':
      return { kind: 'add', units };
    case 'add':
      return { kind: 'add', units: level.units + units };
    case 'set':
      return { kind: 'set', units: level.units + units };
    case 'untrack':
      return { kind: 'set', units };
  }
}

/** The value in units, or why it is refused. */
function valueUnits(value: unknown, negativeAllowed: boolean): number | string {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return value === undefined ? 'a value is required' : 'expected a number';
  if (value < 0 && !negativeAllowed) return 'expected a number ≥ 0';
  try {
    return stockUnits(value);
  } catch {
    return 'expected a number with at most 3 decimals';
  }
}

/**
 * The product's catalog record after the patch: tracking starts (1 shard: the merchant raises the
 * count for a sale through the import) or ends, and the minimum changes. The level itself lives in
 * the shards; the record keeps the level it started from and the availability that goes with it.
 * The same product when the catalog has nothing to change (a relative add on a tracked product).
 */
export function withStockPatch(product: ShopProduct, patch: StockPatch): ShopProduct {
  const { level } = patch;
  const next = { ...product };
  if (patch.minStocklevel !== undefined) next.minStocklevel = patch.minStocklevel;
  if (level.kind === 'untrack') {
    next.stockShards = null;
    next.stocklevel = null;
  } else if (level.kind !== 'keep' && product.stockShards === null) {
    next.stockShards = 1;
    next.stocklevel = stockLevel(level.units);
  }
  if (next.stockShards === product.stockShards && next.minStocklevel === product.minStocklevel)
    return product;
  return { ...next, availability: availabilityOf(next.stocklevel, next.minStocklevel) };
}
