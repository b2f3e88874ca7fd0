import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { feedAfter } from './stock-feed';
import { holdIdParts, type StockHold } from './stock-holds';

/**
 * The holds taken before `before` whose entries are still on a shard that changed after `from`
 * (ISO times): checkouts that died or could not end their hold, and orders whose entries were not
 * cleared. A take moves its shard in the change feed (gsi3) to the time of the take, and a shard
 * only moves forward, so every entry is on a shard the feed lists after the entry's time: reading
 * the feed after (last sweep − timeout) finds every entry that turned stale since, at the cost of
 * the shards changed in that window, never of the shop's stock.
 */
export async function staleHolds(shopId: string, from: string, before: string): Promise<StockHold[]> {
  const shards = await batchGetItems((await feedAfter(shopId, from)).map((entry) => entry.key));
  const holds = new Map<string, StockHold>();
  for (const shard of shards) {
    if (!shard) continue;
    for (const [holdId, units] of Object.entries((shard.holds as Record<string, number> | undefined) ?? {})) {
      const parts = holdIdParts(holdId);
      if (!parts || parts.heldAt >= before) continue;
      const hold = holds.get(holdId) ?? { shopId, holdId, ...parts, products: [] };
      holds.set(holdId, hold);
      const productId = shard.productId as string;
      const product = hold.products.find((p) => p.productId === productId) ?? { productId, takes: [] };
      if (!hold.products.includes(product)) hold.products.push(product);
      product.takes.push({ shard: shard.shard as number, units: Number(units) });
    }
  }
  return [...holds.values()];
}

/** The start of the shop's last complete sweep, if any. */
export async function lastSweepStart(shopId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.stockSweep(shopId), ConsistentRead: true }),
  );
  return Item?.startedAt as string | undefined;
}

/** Records a complete sweep that started at `startedAt`. */
export async function recordSweep(shopId: string, startedAt: string): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.stockSweep(shopId), startedAt } }),
  );
}
