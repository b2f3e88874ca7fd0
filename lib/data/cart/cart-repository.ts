import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type CartRecord, isExpired } from '../../domain/cart/cart';
import { CartOrdered, ConcurrentChange, NotFoundError, StorageBusy } from '../../domain/errors';
import { countEvent } from '../../telemetry/request-telemetry';
import { backoff } from '../backoff';
import { dynamo, tableName } from '../client';
import { CreatedIndex } from '../feeds/created-index';
import { FeedCache } from '../feeds/feed-cache';
import { widenedOnThrottle, writerSpread } from '../feeds/feed-spread';
import { findListed, type ListPage, type PageWanted } from '../feeds/find-listed';
import { newId } from '../ids';
import { type Key, keys } from '../keys';
import { cartEntry, cartEntryOfFeedItem, cartFeedAttributes, cartValidUntil } from './cart-feed';

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
    if (round === 5) throw new StorageBusy();
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
  const buckets = await writerSpread(cart.shopId, 'CART');
  try {
    await widenedOnThrottle(cart.shopId, { CART: buckets }, () =>
      dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: cartItem(cart, buckets),
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
  } catch (error) {
    // The id is new and the token's hash is this cart's secret: a cart with both is this request's
    // own first attempt, applied by DynamoDB while its answer was lost (the SDK then retried).
    const found = error instanceof ConditionalCheckFailedException ? error.Item?.tokenHash : undefined;
    if ((found as { S?: string } | undefined)?.S !== cart.tokenHash) throw error;
  }
  countEvent('CartsCreated');
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
    // This write's own token: the SDK's retry of a write whose answer was lost finds it, and the
    // change (an added line, say) is not read as a lost race and applied a second time.
    const writeToken = newId();
    const buckets = await writerSpread(cart.shopId, 'CART');
    try {
      await widenedOnThrottle(cart.shopId, { CART: buckets }, () =>
        dynamo().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...cartItem(next, buckets), writeToken },
            ConditionExpression: 'version = :expected AND #status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':expected': current.version, ':open': 'open' },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        ),
      );
      return next;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const stored = error.Item as Record<string, { S?: string }> | undefined;
      if (stored?.writeToken?.S === writeToken) return next;
      if (attempt === MAX_ATTEMPTS)
        throw new ConcurrentChange('Cart is being changed by other requests; try again');
      await backoff(attempt);
      const fresh = await getCart(cart.shopId, cart.cartId);
      if (!fresh) throw new NotFoundError('Cart');
      if (fresh.status === 'ordered') throw new CartOrdered();
      current = fresh;
    }
  }
}

/** Days an expired cart is kept before DynamoDB's TTL may delete it (its routes answer 404 from expiry on). */
const TTL_GRACE_SECONDS = 7 * 24 * 3600;

/** The stored item of a cart, in a bucket of the cart feed's `feedBuckets` (lib/data/feeds). */
export function cartItem(cart: CartRecord, feedBuckets: number): Record<string, unknown> & Key {
  return {
    ...keys.cart(cart.shopId, cart.cartId),
    kind: 'cart',
    ...cartFeedAttributes(cart, feedBuckets),
    expiresAt: Math.floor(cartValidUntil(cart) / 1000) + TTL_GRACE_SECONDS,
    ...cart,
  };
}

const STORAGE_ATTRIBUTES = new Set([
  'writeToken',
  'pk',
  'sk',
  'kind',
  'expiresAt',
  'validUntil',
  'tally',
  'tallied',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'gsi4pk',
  'gsi4sk',
  'ox',
  'hasAddressData',
]);

function fromItem(item: Record<string, unknown>): CartRecord {
  const cart: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) if (!STORAGE_ATTRIBUTES.has(name)) cart[name] = value;
  return cart as unknown as CartRecord;
}

/** Per instance: each shop's carts in memory, kept current from the cart feed. */
const cartIndexes = new FeedCache('CART', () => new CreatedIndex(cartEntryOfFeedItem), 'no snapshots');

/**
 * A page of a shop's open, unexpired carts created within a window (either end open), newest
 * first; with or without address data, or both; and how many there are.
 */
export function listCarts(
  shopId: string,
  filter: { from?: string; to?: string; hasAddressData?: boolean },
  wanted: PageWanted,
): Promise<ListPage<CartRecord>> {
  return findListed(
    cartIndexes,
    shopId,
    {
      fromMs: filter.from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(filter.from),
      toMs: filter.to === undefined ? Number.POSITIVE_INFINITY : Date.parse(filter.to),
      tag: filter.hasAddressData,
    },
    wanted,
    (id) => keys.cart(shopId, id),
    (item, nowMs) => {
      const cart = fromItem(item);
      const open = cart.status === 'open' && !isExpired(cart, nowMs);
      return { record: open ? cart : null, entry: cartEntry(cart) };
    },
  );
}

/** Forgets every shop's cart index (tests: a cold instance). */
export function forgetCartIndexes(): void {
  cartIndexes.forget();
}
