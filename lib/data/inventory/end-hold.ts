import { deleteHold, type HoldState, reindexHold, releaseHold, type StockHold } from './stock-holds';
import { endShardHold } from './stock-shards';

/**
 * Ends a hold that did not (or may not) lead to its order, exactly once: the hold flips to
 * `released` and its takes go back to their shards; if the order was written after all (`ordered`),
 * its takes stay taken and only the bookkeeping is cleared. Safe to repeat, and safe against a
 * racing checkout or sweeper: each shard gives a hold back at most once, and only the winner of
 * the flip decides. Returns the state that decided.
 */
export async function endHold(hold: StockHold): Promise<HoldState | undefined> {
  const state = await releaseHold(hold);
  if (state === 'released' || state === 'ordered') await settleShards(hold, state === 'released');
  return state;
}

/**
 * Clears a just-ordered hold's shard entries (the units stay taken, and the shards record the
 * order's id for the stock events). The hold itself left the sweeper's list in the order's
 * transaction and expires by TTL; if the entries cannot be settled it goes back on the list, so the
 * sweeper settles them. Never throws: the order is written whatever happens here.
 */
export async function settleOrderedHold(hold: StockHold, orderId: string): Promise<void> {
  try {
    await settleTakes(hold, false, orderId);
  } catch {
    await reindexHold(hold).catch(() => undefined);
  }
}

/** Settles the takes, then deletes the hold: what the sweeper and a failed checkout do. */
async function settleShards(hold: StockHold, giveBack: boolean): Promise<void> {
  await settleTakes(hold, giveBack);
  await deleteHold(hold);
}

async function settleTakes(hold: StockHold, giveBack: boolean, orderId: string | null = null): Promise<void> {
  await Promise.all(
    hold.products.flatMap(({ productId, takes }) =>
      takes.map((take) => endShardHold(hold.shopId, productId, take.shard, hold.holdId, giveBack, orderId)),
    ),
  );
}
