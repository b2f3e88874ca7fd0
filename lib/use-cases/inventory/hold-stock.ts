import { backoff } from '../../data/backoff';
import { giveBackUnordered } from '../../data/inventory/end-hold';
import { newHoldId, type StockHold } from '../../data/inventory/stock-holds';
import { shardLevels, takeFromShard } from '../../data/inventory/stock-shards';
import { ConcurrentChange, type FieldError, OutOfStock } from '../../domain/errors';
import { type StockDemand, shortagesOf } from '../../domain/inventory/stock-demand';
import { blindTake, planTakes } from '../../domain/inventory/stock-shards';

/** Rounds lost to other buyers on the same shards before the client is asked to try again. */
const MAX_ROUNDS = 25;

/**
 * Sets aside what a checkout takes (docs/inventory.md): takes each product from a shard picked at
 * random, under a new hold's id; when a shard is short, reads the shards of each tracked product,
 * refuses short products with one 409 entry per line (`gone` lines added), else plans and takes
 * again. A shard emptied meanwhile by another buyer ends this round's hold (every part given back)
 * and the next round plans on fresh levels. On any other failure the
 * takes are given back before the error goes on, so nothing stays set aside for a checkout that
 * failed; what could not be given back, the sweeper gives back later. No order can use a hold
 * before this returns it, so giving it back here needs no release.
 */
export async function holdStock(
  shopId: string,
  cartId: string,
  demands: readonly StockDemand[],
  gone: readonly FieldError[],
): Promise<StockHold> {
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    // The first round goes blind where this instance last saw enough: the take's condition is the
    // check, so it skips the read. A round that meets a short shard reads every level and plans
    // again; where the instance saw too little (a sale near its end), the first round reads too,
    // so a sold-out buyer's 409 costs one read.
    const blind =
      round === 1 && gone.length === 0 && demands.every((d) => d.seen !== null && d.seen >= d.units);
    const levels = blind
      ? undefined
      : await Promise.all(demands.map((d) => shardLevels(shopId, d.productId, d.shards)));
    const plans = demands.map((d, i) =>
      levels ? planTakes(levels[i] as number[], d.units) : blindTake(d.shards, d.units),
    );
    const short = demands.flatMap((d, i) =>
      plans[i] || !levels
        ? []
        : shortagesOf(
            d,
            (levels[i] as number[]).reduce((a, b) => a + Math.max(0, b), 0),
          ),
    );
    if (short.length > 0 || gone.length > 0) throw new OutOfStock(sortedByField([...gone, ...short]));

    const heldAt = new Date().toISOString();
    const hold: StockHold = {
      shopId,
      cartId,
      holdId: newHoldId(heldAt, cartId),
      heldAt,
      products: demands.map((d, i) => ({ productId: d.productId, takes: plans[i] ?? [] })),
    };
    const taken = await Promise.allSettled(
      hold.products.flatMap(({ productId, takes }) =>
        takes.map((take) => takeFromShard(shopId, productId, take.shard, take.units, hold.holdId)),
      ),
    );
    if (taken.every((t) => t.status === 'fulfilled' && t.value)) return hold;
    // Only a take that went through, or whose answer was lost, has anything to give back.
    await giveBackUnordered(
      withTakes(
        hold,
        taken.map((t) => !(t.status === 'fulfilled' && !t.value)),
      ),
    );
    const failure = taken.find((t) => t.status === 'rejected');
    if (failure) throw failure.reason;
    await backoff(round);
  }
  throw new ConcurrentChange('Other checkouts kept taking the same stock: try again');
}

/** The hold with only the takes `keep` marks (in the order its takes were made). */
function withTakes(hold: StockHold, keep: readonly boolean[]): StockHold {
  let i = 0;
  const products = hold.products.map((p) => ({ ...p, takes: p.takes.filter(() => keep[i++]) }));
  return { ...hold, products };
}

function sortedByField(entries: FieldError[]): FieldError[] {
  const index = (field: string) => Number(/\[(\d+)\]/.exec(field)?.[1] ?? 0);
  return entries.sort((a, b) => index(a.field) - index(b.field));
}
