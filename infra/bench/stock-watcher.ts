import { batchGetItems } from '../../lib/data/batch-get';
import { shardLevels } from '../../lib/data/inventory/stock-shards';
import { keys } from '../../lib/data/keys';

/** What a watcher saw while a sale ran. */
export interface StockWatch {
  /** Strongly consistent reads of all shards made (each one BatchGetItem). */
  polls: number;
  /** The lowest sum of `available` over the shards seen, and the lowest single shard (thousandths). */
  lowestSum: number;
  lowestShard: number;
}

/** Pause between polls: "every few ms", while leaving DynamoDB Local's CPU to the sale. */
const POLL_GAP_MS = 2;

/**
 * Watches a product's stock while a sale runs (never oversold, not just at the end): polls its
 * shards with the data layer's strongly consistent read until stopped, keeping the lowest sum and
 * the lowest shard. A take that went below zero, even for a moment, would show as a negative.
 */
export function watchStock(
  shopId: string,
  productId: string,
  shards: number,
): { stop(): Promise<StockWatch> } {
  const watch: StockWatch = {
    polls: 0,
    lowestSum: Number.POSITIVE_INFINITY,
    lowestShard: Number.POSITIVE_INFINITY,
  };
  let running = true;
  const loop = (async () => {
    while (running) {
      const levels = await shardLevels(shopId, productId, shards);
      watch.polls++;
      watch.lowestSum = Math.min(
        watch.lowestSum,
        levels.reduce((a, b) => a + b, 0),
      );
      watch.lowestShard = Math.min(watch.lowestShard, ...levels);
      await new Promise((resolve) => setTimeout(resolve, POLL_GAP_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return watch;
    },
  };
}

/** Hold entries still on a product's shards (taken units not yet settled or given back). */
export async function holdsLeft(shopId: string, productId: string, shards: number): Promise<number> {
  const items = await batchGetItems(
    Array.from({ length: shards }, (_, k) => keys.stockShard(shopId, productId, k)),
  );
  return items.reduce((sum, item) => sum + Object.keys((item?.holds as object | undefined) ?? {}).length, 0);
}
