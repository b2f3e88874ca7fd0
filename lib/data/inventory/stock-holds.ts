import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ShardTake } from '../../domain/inventory/stock-shards';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';

/**
 * A checkout's hold on stock (docs/inventory.md), one item beside its cart. It names the shard takes
 * of one attempt before they are made, and its state decides, exactly once, what becomes of them:
 * `held` → `ordered` inside the order's own transaction, or `held` → `released` by a failed checkout
 * or the sweeper. Whoever flips it first wins; the loser leaves the stock alone.
 */

export type HoldState = 'held' | 'ordered' | 'released';

/** One product's part of a hold. */
export interface ProductTakes {
  productId: string;
  takes: ShardTake[];
}

export interface StockHold {
  shopId: string;
  cartId: string;
  holdId: string;
  state: HoldState;
  heldAt: string;
  products: ProductTakes[];
}

/** Buckets of the sweeper's index partition: holds are written at checkout rate. */
export const HOLD_BUCKETS = 16;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function bucketOf(cartId: string): number {
  let hash = 0;
  for (const char of cartId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % HOLD_BUCKETS;
}

/**
 * Writes a new hold in state `held`, unless another attempt's hold on the cart is still `held`:
 * then that one is returned (the caller ends it first). Undefined when written.
 */
export async function openHold(hold: StockHold): Promise<StockHold | undefined> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.stockHold(hold.shopId, hold.cartId),
          ...hold,
          gsi2pk: keys.stockHolds(hold.shopId, bucketOf(hold.cartId)),
          gsi2sk: `${hold.heldAt}#${hold.cartId}`,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #state <> :held',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':held': 'held' },
      }),
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return (await readHold(hold.shopId, hold.cartId)) ?? openHold(hold);
  }
}

/** The cart's hold, if any (strongly consistent). */
export async function readHold(shopId: string, cartId: string): Promise<StockHold | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.stockHold(shopId, cartId), ConsistentRead: true }),
  );
  return Item ? toHold(Item) : undefined;
}

/** The update that flips the hold from this attempt's `held` to `to`, and to nothing else. */
function flipFromHeld(hold: StockHold, to: 'ordered' | 'released') {
  return {
    TableName: tableName(),
    Key: keys.stockHold(hold.shopId, hold.cartId),
    UpdateExpression: 'SET #state = :to',
    ConditionExpression: '#state = :held AND holdId = :holdId',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':to': to, ':held': 'held', ':holdId': hold.holdId },
  };
}

/** The order transaction's part: the hold flips to `ordered` only if it is still this attempt's `held`. */
export function orderHoldItem(hold: StockHold): TransactItem {
  return { Update: flipFromHeld(hold, 'ordered') };
}

/**
 * Flips the hold from `held` to `released` if it still is this attempt's. Returns the state that
 * decides its stock: `released` (give it back), `ordered` (keep it taken: the order was written,
 * even if its caller saw an error), or undefined when the hold is gone or another attempt's.
 */
export async function releaseHold(hold: StockHold): Promise<HoldState | undefined> {
  try {
    await dynamo().send(new UpdateCommand(flipFromHeld(hold, 'released')));
    return 'released';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const current = await readHold(hold.shopId, hold.cartId);
    return current?.holdId === hold.holdId ? current.state : undefined;
  }
}

/** Deletes the hold once its shards are settled (only if it is still this attempt's). */
export async function deleteHold(hold: StockHold): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.stockHold(hold.shopId, hold.cartId),
        ConditionExpression: 'holdId = :holdId',
        ExpressionAttributeValues: { ':holdId': hold.holdId },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export function toHold(item: Record<string, unknown>): StockHold {
  return {
    shopId: item.shopId as string,
    cartId: item.cartId as string,
    holdId: item.holdId as string,
    state: item.state as HoldState,
    heldAt: item.heldAt as string,
    products: item.products as ProductTakes[],
  };
}

/** The order transaction failed on the hold: another attempt (or the sweeper) ended it first. */
export class HoldLost extends Error {
  constructor() {
    super('the stock hold was ended by another attempt');
  }
}
