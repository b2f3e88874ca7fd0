import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ShardTake } from '../../domain/inventory/stock-shards';
import { backoff } from '../backoff';
import { dynamo, tableName } from '../client';
import { newId } from '../ids';
import { keys } from '../keys';

/**
 * A checkout's hold on stock (docs/inventory.md "A checkout, step by step"): the shard entries one attempt
 * took. It has no item of its own: each take writes its entry into the shard's `holds` map under the hold's
 * id, which names when and for which cart it was taken, so the sweeper can find and end a hold from the
 * shards alone. What becomes of it is decided exactly once, beside the cart: the order's
 * transaction records the hold on the cart (`orderedHold`) if no release marker exists, and a
 * release writes the marker in a transaction that checks the cart did not order with it. Whoever
 * commits first wins; the loser leaves the stock alone.
 */

/** How a hold ended: its stock given back, or kept by its order (whose id the cart names). */
export type HoldEnd = { state: 'released' } | { state: 'ordered'; orderId: string | null };

/** One product's part of a hold. */
export interface ProductTakes {
  productId: string;
  takes: ShardTake[];
}

export interface StockHold {
  shopId: string;
  cartId: string;
  holdId: string;
  heldAt: string;
  products: ProductTakes[];
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const SEPARATOR = '|';

/** A new hold's id: its time and cart, then a random part (one cart may hold twice at once). */
export function newHoldId(heldAt: string, cartId: string): string {
  return [heldAt, cartId, newId()].join(SEPARATOR);
}

/** The time and cart a hold id names; undefined for an id of another form. */
export function holdIdParts(holdId: string): { heldAt: string; cartId: string } | undefined {
  const [heldAt, cartId, nonce] = holdId.split(SEPARATOR);
  return heldAt && cartId && nonce ? { heldAt, cartId } : undefined;
}

/** How long a release marker is kept: far beyond any checkout that could still meet it. */
const RELEASE_MARKER_TTL_S = 24 * 3600;

/** The order transaction's part: the order is written only if the hold was not released. */
export function orderHoldCheck(hold: StockHold): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.releasedStockHold(hold.shopId, hold.cartId, hold.holdId),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Attempts of a release lost to a transaction racing on the cart before giving up. */
const MAX_RELEASE_ATTEMPTS = 8;

/**
 * Releases the hold unless its cart ordered with it: one transaction checks the cart's
 * `orderedHold` and writes the release marker, so it and the order's transaction exclude each
 * other. Safe to repeat (the marker is put again).
 */
export async function releaseHold(hold: StockHold): Promise<HoldEnd> {
  const cart = keys.cart(hold.shopId, hold.cartId);
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: cart,
                ConditionExpression: 'attribute_not_exists(orderedHold) OR orderedHold <> :hold',
                ExpressionAttributeValues: { ':hold': hold.holdId },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.releasedStockHold(hold.shopId, hold.cartId, hold.holdId),
                  expiresAt: Math.floor(Date.now() / 1000) + RELEASE_MARKER_TTL_S,
                },
              },
            },
          ],
        }),
      );
      return { state: 'released' };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const [onCart] = error.CancellationReasons ?? [];
      if (onCart?.Code === 'ConditionalCheckFailed') {
        const orderId = onCart.Item?.orderId;
        return { state: 'ordered', orderId: orderId && 'S' in orderId ? (orderId.S ?? null) : null };
      }
      if (attempt === MAX_RELEASE_ATTEMPTS) throw error;
      await backoff(attempt);
    }
  }
}

/** The order transaction failed on the hold: the sweeper (or another attempt) released it first. */
export class HoldLost extends Error {
  constructor() {
    super('the stock hold was released before its order was written');
  }
}
