import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { levelWriteUpdate } from './stock-shards';
import { noteShardLevel } from './stock-view';

/**
 * A cancelled order's stock going back (docs/orders.md "Cancellation, exactly once"): one
 * single-item update of the product's shard 0, like a merchant's relative add (no transaction
 * touches a shard), that also writes a marker naming the order, on the condition that the marker is
 * not there yet. So however often the return is tried (a retry after a lost answer, a racing
 * request, the sweeper), the units are added once. Markers are pruned once no one can still be
 * returning that order's stock (pruneReturnMarkers).
 */

/** Top-level attribute of a shard marking an order's stock as returned there: `returned#{orderId}`. */
const MARKER_PREFIX = 'returned#';

/** A marker older than this may be pruned (once its cancellation is done as long): far above any Lambda's life. */
export const MARKER_MIN_AGE_MS = 60 * 60 * 1000;

/** A marker found on a shard: whose order, since when. */
export interface ReturnMarker {
  orderId: string;
  at: string;
}

/**
 * Adds `units` of `orderId`'s cancellation to the product's shard 0 unless that order's marker is
 * there (then nothing changes: `returned: false`). The shard states the cause (`cancellation`, the
 * order) for the stock events. Also answers the shard's markers older than MARKER_MIN_AGE_MS.
 */
export async function returnOrderStock(
  shopId: string,
  productId: string,
  units: number,
  orderId: string,
  now = new Date(),
): Promise<{ returned: boolean; oldMarkers: ReturnMarker[] }> {
  const write = levelWriteUpdate(shopId, productId, 0, { reason: 'cancellation', orderId });
  try {
    const { Attributes = {} } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.stockShard(shopId, productId, 0),
        // The shard may not exist yet (a tracked product never stocked): it is created as a merchant's add would.
        UpdateExpression: `ADD available :units, seq :one SET #marker = :at, holds = if_not_exists(holds, :none), productId = :p, #shard = :k, ${write.set}`,
        ConditionExpression: 'attribute_not_exists(#marker)',
        ExpressionAttributeNames: {
          '#marker': `${MARKER_PREFIX}${orderId}`,
          '#shard': 'shard',
          ...write.names,
        },
        ExpressionAttributeValues: {
          ':units': units,
          ':one': 1,
          ':at': now.toISOString(),
          ':none': {},
          ':p': productId,
          ':k': 0,
          ...write.values,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    noteShardLevel(shopId, productId, 0, Attributes);
    return { returned: true, oldMarkers: markersOf(Attributes, now.getTime() - MARKER_MIN_AGE_MS) };
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return { returned: false, oldMarkers: [] };
  }
}

/** Removes the markers of these orders from the product's shard 0 (they can no longer be needed). */
export async function pruneReturnMarkers(
  shopId: string,
  productId: string,
  orderIds: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  const names = Object.fromEntries(orderIds.map((id, i) => [`#m${i}`, `${MARKER_PREFIX}${id}`]));
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.stockShard(shopId, productId, 0),
      UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
    }),
  );
}

function markersOf(item: Record<string, unknown>, olderThan: number): ReturnMarker[] {
  return Object.entries(item)
    .filter(
      ([name, at]) => name.startsWith(MARKER_PREFIX) && typeof at === 'string' && Date.parse(at) < olderThan,
    )
    .map(([name, at]) => ({ orderId: name.slice(MARKER_PREFIX.length), at: at as string }));
}
