import { backoff } from '../../data/backoff';
import { giveBackUnordered } from '../../data/inventory/end-hold';
import { newHoldId, type StockHold } from '../../data/inventory/stock-holds';
import { shardLevels, takeFromShard } from '../../data/inventory/stock-shards';
import { ConcurrentChange, type FieldError, OutOfStock } from '../../domain/errors';
import { type StockDemand, shortagesOf } from '../../domain/inventory/stock-demand';
import { blindTake, planTakes } from '../../domain/inventory/stock-shards';

/** Rounds lost to other buyers on the same shards before the client is asked to try again. */
const MAX_ROUNDS = 25;
/** Rounds that may go blind in a row: each refused take corrects what the checkout saw of its shard. */
const BLIND_ROUNDS = 3;

/**
 * Sets aside what a checkout takes (docs/inventory.md): takes each product from a shard picked at
 * random, under a new hold's id; when no shard is known to have enough, reads the shards of each
 * tracked product, refuses short products with one 409 entry per line (`gone` lines added), else
 * plans and takes again. A shard emptied meanwhile by another buyer ends this round's hold (every
 * part given back) and the next round tries again. On any other failure the
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
  // Each product's shards as this checkout last saw them: the instance's live stock at first, then
  // what a read or a refused take showed.
  const seen = demands.map((d) => (d.seen ? [...d.seen] : null));
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    // Blind where a shard was seen with enough: the take's condition is the check, so it skips the
    // read, and a refused take tells its shard's level, so the next round picks another. Where no
    // shard was seen with enough (a sale near its end), the round reads every level first, so a
    // sold-out buyer's 409 costs one read and always comes from what DynamoDB holds.
    const blind =
      gone.length === 0 && round <= BLIND_ROUNDS
        ? demands.map((d, i) => (seen[i] ? blindTake(seen[i], d.units) : null))
        : [];
    const levels =
      blind.length > 0 && blind.every((plan) => plan !== null)
        ? undefined
        : await Promise.all(demands.map((d) => shardLevels(shopId, d.productId, d.shards)));
    levels?.forEach((shards, i) => {
      seen[i] = [...shards];
    });
    const plans = demands.map((d, i) => (levels ? planTakes(levels[i] as number[], d.units) : blind[i]));
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
    const attempts = hold.products.flatMap(({ productId, takes }, product) =>
      takes.map((take) => ({
        product,
        take,
        outcome: takeFromShard(shopId, productId, take.shard, take.units, hold.holdId),
      })),
    );
    const taken = await Promise.allSettled(attempts.map((a) => a.outcome));
    if (taken.every((t) => t.status === 'fulfilled' && t.value.taken)) return hold;
    taken.forEach((t, i) => {
      const { product, take } = attempts[i] as (typeof attempts)[number];
      if (t.status === 'fulfilled' && !t.value.taken)
        (seen[product] as number[])[take.shard] = t.value.available;
    });
    // Only a take that went through, or whose answer was lost, has anything to give back.
    await giveBackUnordered(
      withTakes(
        hold,
        taken.map((t) => !(t.status === 'fulfilled' && !t.value.taken)),
      ),
    );
    const failure = taken.find((t) => t.status === 'rejected');
    if (failure) throw failure.reason;
    // Beaten to the shards it had just read: let the other buyers through before reading again.
    if (levels) await backoff(round);
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
