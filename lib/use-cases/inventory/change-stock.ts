import { backoff } from '../../data/backoff';
import {
  addToShard,
  setShardIfUnchanged,
  storedShardLevels,
  subtractFromShard,
} from '../../data/inventory/stock-levels';
import { ConcurrentChange } from '../../domain/errors';
import { planTakes, splitStock } from '../../domain/inventory/stock-shards';

/**
 * The two ways a merchant changes a tracked product's stock (docs/inventory.md "Changing stock"),
 * each safe against checkouts taking from the same shards at the same moment.
 */

/** Rounds lost to checkouts on the same shards before the merchant is asked to try again. */
const MAX_ROUNDS = 25;

/**
 * A relative change (`add` on /stocklevel). An increase, or any change of a one-shard product, is
 * one unconditional ADD on shard 0: additions commute, so concurrent adds and checkouts all count
 * whatever their order, and no read is needed. A decrease of a product over several shards is taken
 * like a checkout takes (from shards that have it, each take conditional on its shard), so no shard
 * sits below zero while another still sells; only what exceeds all the stock goes below zero, on
 * shard 0, when the others are empty.
 */
export async function addStock(
  shopId: string,
  productId: string,
  shards: number,
  units: number,
): Promise<void> {
  if (units >= 0 || shards === 1) {
    if (units !== 0) await addToShard(shopId, productId, 0, units);
    return;
  }
  let left = -units;
  for (let round = 1; round <= MAX_ROUNDS && left > 0; round++) {
    const levels = (await storedShardLevels(shopId, productId, shards)).map((l) => l ?? 0);
    const wanted = Math.min(
      left,
      levels.reduce((sum, l) => sum + Math.max(0, l), 0),
    );
    if (wanted === 0) break;
    const takes = planTakes(levels, wanted) ?? [];
    const taken = await Promise.all(
      takes.map(async (t) => ((await subtractFromShard(shopId, productId, t.shard, t.units)) ? t.units : 0)),
    );
    const got = taken.reduce((sum, u) => sum + u, 0);
    left -= got;
    if (got < wanted) await backoff(round);
  }
  // Beyond all the stock (or after many lost rounds): the rest takes the level below zero.
  if (left > 0) await addToShard(shopId, productId, 0, -left);
}

/**
 * An absolute level (`replace` on /stocklevel): the level split over the shards (splitStock), each
 * shard written once, only if unchanged since read; a shard a checkout changed meanwhile is read
 * again and written in the next round. Holds in flight stay in their shards: their units are already out of
 * `available`, so the new level counts what is left besides them (a checkout that then fails gives
 * its units back on top, as it would have without the replace).
 */
export async function replaceStock(
  shopId: string,
  productId: string,
  shards: number,
  units: number,
): Promise<void> {
  const target = splitStock(units, shards);
  // A shard once written is done: a checkout that takes from it afterwards takes from the new
  // level, and writing it again would give that take back.
  const done = target.map(() => false);
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const seen = await storedShardLevels(shopId, productId, shards);
    const written = await Promise.all(
      seen.map((level, k) =>
        done[k] ? true : setShardIfUnchanged(shopId, productId, k, target[k] as number, level),
      ),
    );
    written.forEach((ok, k) => {
      done[k] = ok;
    });
    if (done.every(Boolean)) return;
    await backoff(round);
  }
  throw new ConcurrentChange('Checkouts kept changing this stock: try again');
}
