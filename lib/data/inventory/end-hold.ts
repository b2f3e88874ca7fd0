import { type HoldEnd, releaseHold, type StockHold } from './stock-holds';
import { endShardHold } from './stock-shards';

/**
 * Ends a hold that did not (or may not) lead to its order, exactly once: it is released and its
 * takes go back to their shards; if its order was written after all, its takes stay taken and only
 * their entries are cleared. Safe to repeat, and safe against a racing checkout or sweeper: each
 * shard gives a hold back at most once, and only the release decides.
 */
export async function endHold(hold: StockHold): Promise<HoldEnd> {
  const end = await releaseHold(hold);
  await settleTakes(hold, end.state === 'released', end.state === 'ordered' ? end.orderId : null);
  return end;
}

/**
 * Gives back the takes of a hold that no order can use: one this attempt abandons before it writes
 * any order with it (a shard was short), so no release needs deciding.
 */
export async function giveBackUnordered(hold: StockHold): Promise<void> {
  await settleTakes(hold, true);
}

/**
 * Clears a just-ordered hold's shard entries (the units stay taken, and the shards record the
 * order's id for the stock events). Never throws: the order is written whatever happens here, and
 * entries left behind are the sweeper's (it finds the cart ordered with the hold).
 */
export async function settleOrderedHold(hold: StockHold, orderId: string): Promise<void> {
  await settleTakes(hold, false, orderId).catch(() => undefined);
}

async function settleTakes(hold: StockHold, giveBack: boolean, orderId: string | null = null): Promise<void> {
  await Promise.all(
    hold.products.flatMap(({ productId, takes }) =>
      takes.map((take) => endShardHold(hold.shopId, productId, take.shard, hold.holdId, giveBack, orderId)),
    ),
  );
}
