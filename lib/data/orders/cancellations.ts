import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderRecord } from '../../domain/orders/order';
import type { CancellationWork } from '../../domain/orders/order-cancellation';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { type Key, keys } from '../keys';

/**
 * An order's cancellation (docs/orders.md "Cancellation, exactly once"): item `CANCELLATION` in the
 * order's partition, written in the same transaction as the rejection. It holds the work decided
 * then (stock to put back, whether a credit note is due) and its state: `pending` (listed in gsi2 for
 * the sweeper) until every part is done, then `done` with the time, kept for a while (TTL) so the
 * stock shards' return markers can be pruned safely.
 */

export interface Cancellation extends CancellationWork {
  shopId: string;
  orderId: string;
  state: 'pending' | 'done';
  rejectedAt: string;
  doneAt: string | null;
}

/** How long a finished cancellation is kept: far beyond any request that could still be returning stock. */
const KEPT_DAYS = 30;

/** The cancellation item a rejection writes (only if new). */
export function cancellationItem(
  order: OrderRecord,
  work: CancellationWork,
  rejectedAt: string,
): Record<string, unknown> & Key {
  return {
    ...keys.orderCancellation(order.shopId, order.orderId),
    kind: 'cancellation',
    shopId: order.shopId,
    orderId: order.orderId,
    state: 'pending',
    stock: work.stock,
    creditNote: work.creditNote,
    rejectedAt,
    doneAt: null,
    gsi2pk: keys.pendingCancellations(order.shopId),
    gsi2sk: `${rejectedAt}#${order.orderId}`,
  };
}

/** An order's cancellation (strongly consistent), or null when it was never rejected (or long done). */
export async function getCancellation(shopId: string, orderId: string): Promise<Cancellation | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.orderCancellation(shopId, orderId),
      ConsistentRead: true,
    }),
  );
  return Item ? (Item as Cancellation) : null;
}

/** The states of several orders' cancellations (null where none is kept). */
export async function getCancellations(
  shopId: string,
  orderIds: readonly string[],
): Promise<(Cancellation | null)[]> {
  const found = await batchGetItems(orderIds.map((id) => keys.orderCancellation(shopId, id)));
  return found.map((item) => (item ? (item as unknown as Cancellation) : null));
}

/** Marks a cancellation done (leaving the sweeper's list); false when it was done already. */
export async function markCancellationDone(shopId: string, orderId: string, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.orderCancellation(shopId, orderId),
        UpdateExpression: 'SET #state = :done, doneAt = :now, expiresAt = :expires REMOVE gsi2pk, gsi2sk',
        ConditionExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':done': 'done',
          ':pending': 'pending',
          ':now': now.toISOString(),
          ':expires': Math.floor(now.getTime() / 1000) + KEPT_DAYS * 86_400,
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return false;
  }
}

/** Ids of orders whose cancellation is pending since before `before` (gsi2, keys only, oldest first). */
export async function pendingCancellationIds(shopId: string, before: string, limit = 100): Promise<string[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
      ExpressionAttributeValues: { ':pk': keys.pendingCancellations(shopId), ':before': before },
      Limit: limit,
    }),
  );
  return Items.map((item) => (item.gsi2sk as string).split('#')[1] as string);
}
