import { batchGetItems } from '../batch-get';
import { tableName } from '../client';
import { keys } from '../keys';
import { updateOnceOnly } from '../once-only';
import { levelWriteUpdate } from './stock-shards';
import { noteShardLevel } from './stock-view';

/** The merchant's writes: reason `patch` for the stock events. */
const PATCHED = { reason: 'patch', orderId: null } as const;

/**
 * The merchant's stock writes on a product's shards (docs/inventory.md "Changing stock"), each one
 * single-item update like a checkout's take, never a transaction: buyers of a hot product never
 * cancel a merchant's write, nor the other way round. A shard written here keeps its `holds` (the
 * checkouts in flight settle or give back as they would), and gets an empty map if it had none, so
 * a later take can record its hold in it. Each is sent once only (lib/data/once-only.ts): the
 * SDK's retry of a write whose answer was lost counts once.
 */

/** Each shard's level as stored, strongly consistent; null where the item does not exist. */
export async function storedShardLevels(
  shopId: string,
  productId: string,
  shards: number,
): Promise<(number | null)[]> {
  const found = await batchGetItems(
    Array.from({ length: shards }, (_, k) => keys.stockShard(shopId, productId, k)),
  );
  return found.map((item) => (item ? ((item.available as number | undefined) ?? 0) : null));
}

/** Adds `units` (any sign) to one shard, unconditionally: a relative change commutes with every other. */
export async function addToShard(
  shopId: string,
  productId: string,
  shard: number,
  units: number,
): Promise<void> {
  const write = creatingWrite(shopId, productId, shard);
  const done = await updateOnceOnly({
    TableName: tableName(),
    Key: keys.stockShard(shopId, productId, shard),
    UpdateExpression: `ADD available :units, seq :one SET ${write.set}`,
    ExpressionAttributeNames: write.names,
    ExpressionAttributeValues: { ':units': units, ':one': 1, ...write.values },
    ReturnValues: 'UPDATED_NEW',
  });
  if (done) noteShardLevel(shopId, productId, shard, done);
}

/**
 * Takes `units` off one shard if it has that many (a merchant's decrease, spread like a checkout's
 * take so no shard goes below zero while another holds stock). False when the shard is short.
 */
export async function subtractFromShard(
  shopId: string,
  productId: string,
  shard: number,
  units: number,
): Promise<boolean> {
  const write = levelWriteUpdate(shopId, productId, shard, PATCHED);
  const done = await updateOnceOnly({
    TableName: tableName(),
    Key: keys.stockShard(shopId, productId, shard),
    UpdateExpression: `ADD seq :one SET available = available - :units, ${write.set}`,
    ConditionExpression: 'available >= :units',
    ExpressionAttributeNames: write.names,
    ExpressionAttributeValues: { ':units': units, ':one': 1, ...write.values },
    ReturnValues: 'UPDATED_NEW',
  });
  if (done) noteShardLevel(shopId, productId, shard, done);
  return done !== undefined;
}

/**
 * Sets one shard's level to `units` if it is still `seen` (null: the item did not exist), keeping
 * its holds. False when a checkout or another write changed it since it was read.
 */
export async function setShardIfUnchanged(
  shopId: string,
  productId: string,
  shard: number,
  units: number,
  seen: number | null,
): Promise<boolean> {
  const write = creatingWrite(shopId, productId, shard);
  const done = await updateOnceOnly({
    TableName: tableName(),
    Key: keys.stockShard(shopId, productId, shard),
    UpdateExpression: `ADD seq :one SET available = :units, ${write.set}`,
    ConditionExpression: seen === null ? 'attribute_not_exists(pk)' : 'available = :seen',
    ExpressionAttributeNames: write.names,
    ExpressionAttributeValues: {
      ':units': units,
      ':one': 1,
      ...write.values,
      ...(seen === null ? {} : { ':seen': seen }),
    },
    ReturnValues: 'UPDATED_NEW',
  });
  if (done) noteShardLevel(shopId, productId, shard, done);
  return done !== undefined;
}

/**
 * A merchant's write of a shard that may create it: the shard's identity and an empty holds map
 * where it has none (a later take records its hold there), its cause and its place in the feed.
 */
function creatingWrite(shopId: string, productId: string, shard: number) {
  const write = levelWriteUpdate(shopId, productId, shard, PATCHED);
  return {
    set: `holds = if_not_exists(holds, :none), productId = :p, #shard = :k, ${write.set}`,
    // `shard` is a reserved word of DynamoDB's expressions.
    names: { '#shard': 'shard', ...write.names },
    values: { ':none': {}, ':p': productId, ':k': shard, ...write.values },
  };
}
