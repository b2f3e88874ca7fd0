import { QUANTITY_SCALE } from '../quantity';

/**
 * A product's stock spread over several items (shards), so that many buyers of one product write
 * to different items (docs/inventory.md "A hot product: 2,000 orders per second on paper"). Pure rules: how
 * many shards, how a level is split over them, and which shards a checkout takes a quantity from.
 */

/** Most shards of one product: a checkout reads all of them (one BatchGetItem, 1 RCU each). */
export const MAX_STOCK_SHARDS = 16;
/**
 * The shard count of a tracked product: the shop file's, else 1. One shard costs a checkout 1 read
 * and 1 write unit; only a product many buyers want at once (a sale) needs more, and the merchant
 * who plans the sale knows it (docs/inventory.md "A hot product: 2,000 orders per second on paper").
 */
export function shardCountFor(wanted: number | null): number {
  return Math.min(MAX_STOCK_SHARDS, Math.max(1, Math.floor(wanted ?? 1)));
}

/**
 * A level split over `count` shards in whole pieces (1,000 thousandths), the first taking the rest
 * with any fraction: 5 over 3 is 3, 1, 1, so a buyer of one piece always finds a shard that has it.
 */
export function splitStock(units: number, count: number): number[] {
  const share = Math.max(0, Math.floor(units / count / QUANTITY_SCALE) * QUANTITY_SCALE);
  const rest = units - share * count;
  return Array.from({ length: count }, (_, i) => share + (i === 0 ? rest : 0));
}

/** One shard's part of a take: `units` from shard number `shard`. */
export interface ShardTake {
  shard: number;
  units: number;
}

/**
 * Where to take `wanted` units from, given each shard's level: one shard that holds enough, picked
 * at random among those that do (so concurrent buyers spread over the shards), else the fullest
 * shards first. Null when all of them together hold less (levels ≤ 0 hold nothing).
 */
export function planTakes(
  levels: readonly number[],
  wanted: number,
  random = Math.random,
): ShardTake[] | null {
  const one = blindTake(levels, wanted, random);
  if (one) return one;
  const fullestFirst = levels
    .map((level, shard) => ({ shard, level }))
    .filter((s) => s.level > 0)
    .sort((a, b) => b.level - a.level);
  const takes: ShardTake[] = [];
  let left = wanted;
  for (const { shard, level } of fullestFirst) {
    if (left === 0) break;
    const units = Math.min(level, left);
    takes.push({ shard, units });
    left -= units;
  }
  return left === 0 ? takes : null;
}

/**
 * A take planned without reading the levels: all of it from one shard picked at random among those
 * seen with enough (levels as this instance last saw them). Null when none was: the levels are read.
 */
export function blindTake(seen: readonly number[], wanted: number, random = Math.random): ShardTake[] | null {
  const enough = seen.flatMap((level, shard) => (level >= wanted ? [shard] : []));
  if (enough.length === 0) return null;
  return [{ shard: enough[Math.floor(random() * enough.length)] as number, units: wanted }];
}
