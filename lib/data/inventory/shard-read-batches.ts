import { speedTrickOn } from '../../speed/switches';
import { batchGetItems } from '../batch-get';
import { keys } from '../keys';
import { shardLevels } from './stock-shards';

/**
 * Speed trick `stock-read-batches`: the shard reads of a process go out one BatchGetItem at a time;
 * reads asked for while one is in flight wait for it and then go together (up to 100 shards a
 * call), the way the catalog write queue groups versions. Each read is still strongly consistent
 * and sent after it was asked for, so it sees every write that finished before; a lone reader waits
 * for nothing. What it saves: on a busy instance each `PATCH /products/{p}` read its product's
 * shards for the ETag in a call of its own (0.95 of the 1.4 DynamoDB calls a PATCH made at c=16,
 * and DynamoDB Local spends about as much CPU on a one-key BatchGetItem as on five keys); measured
 * in docs/catalog.md "Concurrent product writes". Off: `SPEED_TRICKS_OFF=stock-read-batches` reads
 * each product's shards on their own. A shared call counts in the telemetry (Server-Timing, metrics)
 * of the request whose turn sent it, as a shared catalog version does.
 */

/** DynamoDB's BatchGetItem limit: the shards one call reads at most. */
const KEYS_PER_CALL = 100;

interface WantedRead {
  shopId: string;
  productId: string;
  shards: number;
  resolve(levels: number[]): void;
  reject(error: unknown): void;
}

const waiting: WantedRead[] = [];
let reading = false;

/** The level (`available`) of each shard of a product, strongly consistent, read together with others. */
export function batchedShardLevels(shopId: string, productId: string, shards: number): Promise<number[]> {
  if (!speedTrickOn('stock-read-batches') || shards > KEYS_PER_CALL)
    return shardLevels(shopId, productId, shards);
  return new Promise((resolve, reject) => {
    waiting.push({ shopId, productId, shards, resolve, reject });
    if (!reading) void readWaiting();
  });
}

/** Reads the waiting products' shards, a call at a time, until none waits. */
async function readWaiting(): Promise<void> {
  reading = true;
  try {
    while (waiting.length > 0) {
      const batch = takeBatch();
      try {
        const items = await batchGetItems(
          batch.flatMap((r) =>
            Array.from({ length: r.shards }, (_, k) => keys.stockShard(r.shopId, r.productId, k)),
          ),
        );
        let at = 0;
        for (const read of batch) {
          const own = items.slice(at, at + read.shards);
          at += read.shards;
          read.resolve(own.map((item) => (item?.available as number | undefined) ?? 0));
        }
      } catch (error) {
        for (const read of batch) read.reject(error);
      }
    }
  } finally {
    reading = false;
  }
}

/** The waiting reads at the front whose shards fit one call (at least one). */
function takeBatch(): WantedRead[] {
  let count = 0;
  let keysTaken = 0;
  for (const read of waiting) {
    if (count > 0 && keysTaken + read.shards > KEYS_PER_CALL) break;
    keysTaken += read.shards;
    count++;
  }
  return waiting.splice(0, count);
}
