import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CART_LIFETIME_SECONDS, type CartRecord, isExpired } from '../domain/cart';
import { Conflict, Gone, NotFound, ServiceUnavailable } from '../http/errors';
import { backoff } from './backoff';
import { dynamo, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-all';

/**
 * The cart aggregate: one item per cart, written with a `version` condition so two writers never
 * overwrite each other; the loser re-reads and applies its change again.
 */

const MAX_ATTEMPTS = 10;

/** A cart by id (strongly consistent), or null when unknown or expired. */
export async function getCart(shopId: string, cartId: string): Promise<CartRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.cart(shopId, cartId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const cart = fromItem(Item);
  return isExpired(cart) ? null : cart;
}

/**
 * A cart and its shop's catalog version in one strongly consistent BatchGetItem: a cart request
 * then needs no further read before it renders (the catalog is cached per version).
 */
export async function getCartWithCatalogVersion(
  shopId: string,
  cartId: string,
): Promise<{ cart: CartRecord | null; catalogVersion: number | null }> {
  const cartKey = keys.cart(shopId, cartId);
  const metaKey = keys.shopMeta(shopId);
  let pending: Record<string, unknown>[] = [cartKey, metaKey];
  const found: Record<string, unknown>[] = [];
  for (let round = 0; pending.length > 0; round++) {
    if (round === 5) throw new ServiceUnavailable(1);
    if (round > 0) await backoff(round);
    const result = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
    );
    found.push(...(result.Responses?.[tableName()] ?? []));
    pending = (result.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  const cartItem = found.find((item) => item.pk === cartKey.pk && item.sk === cartKey.sk);
  const meta = found.find((item) => item.pk === metaKey.pk && item.sk === metaKey.sk);
  const cart = cartItem ? fromItem(cartItem) : null;
  return {
    cart: cart && !isExpired(cart) ? cart : null,
    catalogVersion: meta ? (meta.catalogVersion as number) : null,
  };
}

/** Stores a new cart; its id must be unused. */
export async function insertCart(cart: CartRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: toItem(cart),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Applies `change` to a cart and stores the result if nobody wrote in between (version
 * condition). On a lost race the cart is read again and `change` runs again on the fresh copy, so
 * `change` must be a pure function of the cart it is given. Returns the stored cart; 409 only when
 * other writers keep winning for MAX_ATTEMPTS rounds.
 */
export async function updateCart(
  cart: CartRecord,
  change: (cart: CartRecord) => CartRecord | Promise<CartRecord>,
): Promise<CartRecord> {
  let current = cart;
  for (let attempt = 1; ; attempt++) {
    const next: CartRecord = {
      ...(await change(current)),
      version: current.version + 1,
      updatedAt: new Date().toISOString(),
    };
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: toItem(next),
          ConditionExpression: 'version = :expected AND #status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':expected': current.version, ':open': 'open' },
        }),
      );
      return next;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      if (attempt === MAX_ATTEMPTS) throw new Conflict('Cart is being changed by other requests; try again');
      await backoff(attempt);
      const fresh = await getCart(cart.shopId, cart.cartId);
      if (!fresh) throw new NotFound('Cart not found');
      if (fresh.status === 'ordered') throw new Gone('Cart has been ordered');
      current = fresh;
    }
  }
}

function toItem(cart: CartRecord): Record<string, unknown> {
  return {
    ...keys.cart(cart.shopId, cart.cartId),
    kind: 'cart',
    gsi1pk: keys.cartsByCreation(cart.shopId),
    gsi1sk: keys.cartCreationSort(cart.createdAt, cart.cartId),
    expiresAt: Math.floor(Date.parse(cart.updatedAt) / 1000) + CART_LIFETIME_SECONDS,
    hasAddressData: cart.billingAddress !== null || cart.shippingAddress !== null,
    ...cart,
  };
}

function fromItem(item: Record<string, unknown>): CartRecord {
  const {
    pk: _pk,
    sk: _sk,
    kind: _kind,
    gsi1pk: _g1,
    gsi1sk: _g1s,
    expiresAt: _exp,
    hasAddressData: _has,
    ...cart
  } = item;
  return cart as unknown as CartRecord;
}

/**
 * Open, unexpired carts of a shop created within [from, to] (ISO 8601; either open-ended), newest
 * first. Reads the shop's creation index for the range (gsi1).
 */
export async function listCarts(
  shopId: string,
  range: { from?: string; to?: string },
): Promise<CartRecord[]> {
  const low = range.from ?? '0';
  const high = `${range.to ?? '9999'}#\uffff`;
  // DynamoDB refuses BETWEEN with low > high (a ValidationException, i.e. a 500): an empty range.
  if (low > high) return [];
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :low AND :high',
    FilterExpression: '#status = :open',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': keys.cartsByCreation(shopId),
      ':low': low,
      ':high': high,
      ':open': 'open',
    },
    ScanIndexForward: false,
  });
  return items.map(fromItem).filter((cart) => !isExpired(cart));
}
