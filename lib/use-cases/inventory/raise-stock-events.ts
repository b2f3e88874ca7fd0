import { loadCatalog } from '../../data/catalog/catalog-repository';
import { readStockView, type StockView, writeStockView } from '../../data/inventory/stock-event-view';
import { committedLevels } from '../../data/inventory/stock-shards';
import type { ShardChange } from '../../data/inventory/stock-stream';
import { clearWatchers } from '../../data/inventory/watcher-clearing';
import { countWatchers } from '../../data/inventory/watchers';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { ConcurrentChange } from '../../domain/errors';
import { stockUnits } from '../../domain/inventory/stock';
import { comesBack, type StockEvent, stockEventsOf } from '../../domain/inventory/stock-events';

/** Revisions of a product's view lost to a consumer of another of its shards before giving up. */
const MAX_ROUNDS = 8;

/**
 * The stock events of a batch of shard changes (docs/inventory.md "Events"), by the changes'
 * sequence numbers. A product's changes are folded into its view (lib/data/inventory/stock-view.ts)
 * one after another in stream order, with one read and one conditional write per product and
 * batch, so a hot product's thousands of orders per second cost its view a write per batch. A
 * change the view has already applied (a retried batch) gets the events it raised the first time.
 * A product back in stock loses its watchers once the view holds the event that counted them.
 */
export async function raiseStockEvents(changes: readonly ShardChange[]): Promise<Map<string, StockEvent[]>> {
  const byProduct = new Map<string, ShardChange[]>();
  for (const change of changes) {
    const key = `${change.shopId}|${change.productId}`;
    byProduct.set(key, [...(byProduct.get(key) ?? []), change]);
  }
  const raised = new Map<string, StockEvent[]>();
  await Promise.all(
    [...byProduct.values()].map(async (group) => {
      for (const [seq, events] of await productEvents(group)) raised.set(seq, events);
    }),
  );
  return raised;
}

/** One product's changes: events per change, the view advanced, watchers cleared on a comeback. */
async function productEvents(group: readonly ShardChange[]): Promise<Map<string, StockEvent[]>> {
  const { shopId, productId } = group[0] as ShardChange;
  const product = (await loadCatalog(shopId))?.products.get(productId);
  // A product gone from the catalog or no longer tracked has no stock to speak of.
  if (!product || product.stockShards === null) return new Map();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const view = await readStockView(shopId, productId);
    const folded = await fold(view, group, product);
    if (folded.changed && !(await writeStockView(shopId, productId, folded.view))) continue;
    for (const events of folded.raised.values()) {
      // The clearing is named in the event: the STOCK_BACK webhook reads its addresses by it.
      for (const back of events)
        if (back.type === 'ProductBackInStock')
          // Events a view stored before clearedOn existed are named by their time, as it is now.
          await clearWatchers(shopId, productId, back.detail.clearedOn ?? back.time);
    }
    return folded.raised;
  }
  throw new ConcurrentChange(`stock view of ${productId} kept changing`);
}

/** The view after the group's changes, and the events of each change (a replay's stored ones). */
async function fold(view: StockView, group: readonly ShardChange[], product: ShopProduct) {
  const shards = product.stockShards ?? 1;
  const levels = { ...view.levels, ...(await missingLevels(view, group, shards)) };
  const seqs = { ...view.seqs };
  const recent = { ...view.recent };
  const raised = new Map<string, StockEvent[]>();
  const total = () => Array.from({ length: shards }, (_, k) => levels[k] ?? 0).reduce((a, b) => a + b, 0);
  let changed = false;
  for (const change of group) {
    const k = String(change.shard);
    const seen = seqs[k];
    if (seen !== undefined && seen >= change.seq) {
      raised.set(change.seq, view.recent[k]?.[change.seq] ?? []);
      continue;
    }
    if (recent[k] === view.recent[k]) recent[k] = {};
    const oldUnits = total();
    levels[k] = change.newUnits;
    seqs[k] = change.seq;
    changed = true;
    const move = {
      shopId: change.shopId,
      productId: change.productId,
      productNumber: product.productNumber,
      minUnits: product.minStocklevel === null ? null : stockUnits(product.minStocklevel),
      oldUnits,
      newUnits: total(),
      cause: change.cause,
      time: change.time,
    };
    const watchers = comesBack(move) ? await countWatchers(change.shopId, change.productId) : 0;
    const events = stockEventsOf(move, watchers);
    raised.set(change.seq, events);
    if (events.length > 0) (recent[k] as Record<string, StockEvent[]>)[change.seq] = events;
  }
  return { view: { levels, seqs, recent, rev: view.rev }, raised, changed };
}

/**
 * Levels of shards the view has not seen yet: a shard changed in this group starts from its first
 * record's level before the change (exact); any other is read now (a product's first events after
 * the view came into being; the only place its totals can be off, and only while its shards change
 * concurrently).
 */
async function missingLevels(
  view: StockView,
  group: readonly ShardChange[],
  shards: number,
): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const change of group) {
    const k = String(change.shard);
    if (view.levels[k] === undefined && found[k] === undefined) found[k] = change.oldUnits;
  }
  const unknown = Array.from({ length: shards }, (_, k) => String(k)).filter(
    (k) => view.levels[k] === undefined && found[k] === undefined,
  );
  if (unknown.length === 0) return found;
  const { shopId, productId } = group[0] as ShardChange;
  const now = await committedLevels(shopId, productId, shards);
  for (const k of unknown) found[k] = now[Number(k)] ?? 0;
  return found;
}
