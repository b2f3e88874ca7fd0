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
          gsi2pk: sweeperPlace(hold)[':pk'],
          gsi2sk: sweeperPlace(hold)[':sk'],
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

/** The update that flips the hold from this attempt's `held` to `to` (and `then`), and to nothing else. */
function flipFromHeld(
  hold: StockHold,
  to: 'ordered' | 'released',
  then = '',
  values: Record<string, unknown> = {},
) {
  return {
    TableName: tableName(),
    Key: keys.stockHold(hold.shopId, hold.cartId),
    UpdateExpression: `SET #state = :to${then}`,
    ConditionExpression: '#state = :held AND holdId = :holdId',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':to': to, ':held': 'held', ':holdId': hold.holdId, ...values },
  };
}

/** How long an ordered hold is kept for a late look (TTL): the order has decided its stock. */
const ORDERED_HOLD_TTL_S = 24 * 3600;

/**
 * The order transaction's part: the hold flips to `ordered` only if it is still this attempt's
 * `held`. It leaves the sweeper's index at once and expires by TTL: once its shard entries are
 * settled nothing needs it, so a checkout spends no call on deleting it (reindexHold puts it back
 * on the sweeper's list when the settle fails).
 */
export function orderHoldItem(hold: StockHold): TransactItem {
  return {
    Update: flipFromHeld(hold, 'ordered', ', expiresAt = :expires REMOVE gsi2pk, gsi2sk', {
      ':expires': Math.floor(Date.now() / 1000) + ORDERED_HOLD_TTL_S,
    }),
  };
}

/** Puts an ordered hold whose shard entries could not be settled back on the sweeper's list. */
export async function reindexHold(hold: StockHold): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.stockHold(hold.shopId, hold.cartId),
      UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
      ConditionExpression: 'holdId = :holdId',
      ExpressionAttributeValues: { ...sweeperPlace(hold), ':holdId': hold.holdId },
    }),
  );
}

/** The hold's place in the sweeper's index (gsi2, by the time it was taken). */
function sweeperPlace(hold: StockHold): { ':pk': string; ':sk': string } {
  return {
    ':pk': keys.stockHolds(hold.shopId, bucketOf(hold.cartId)),
    ':sk': `${hold.heldAt}#${hold.cartId}`,
  };
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
