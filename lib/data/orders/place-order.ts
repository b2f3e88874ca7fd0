import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CartRecord } from '../../domain/cart/cart';
import type { CouponRedemption } from '../../domain/coupons/coupon-redemption';
import { CHECKOUT_COUPON_FIELD, couponUsedUp } from '../../domain/coupons/coupon-uses';
import type { CustomerRecord } from '../../domain/customers/customer';
import { CartOrdered, NotFoundError, StorageBusy } from '../../domain/errors';
import { StockDemandChanged } from '../../domain/inventory/stock-demand';
import type { OrderRecord } from '../../domain/orders/order';
import { orderPlaced } from '../../telemetry/business-events';
import { backoff } from '../backoff';
import { orderedCartFeed } from '../cart/cart-feed';
import { getCart } from '../cart/cart-repository';
import { dynamo, tableName } from '../client';
import { nextCounterValue } from '../counters';
import { redemptionItems } from '../coupons/coupon-uses';
import { customerItems } from '../customers/customer-items';
import { generatedCustomerNumber } from '../customers/customer-numbers';
import { isTransientDependencyError } from '../dependency-errors';
import type { FeedKind } from '../feeds/feed';
import { widenedOnThrottle, writerSpread } from '../feeds/feed-spread';
import { newId } from '../ids';
import { HoldLost, orderHoldCheck, type StockHold } from '../inventory/stock-holds';
import { keys } from '../keys';
import { orderItem } from './order-items';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What checkout decides before the order can be built: its number and its customer. */
export interface CheckoutIdentity {
  orderId: string;
  orderNumber: string;
  customerId: string;
  customerNumber: string;
  /** The customer to create with the order when the buyer's e-mail address is new to the shop. */
  newCustomer: CustomerRecord | null;
}

/** Lost rounds (the same cart or the same new buyer raced) before the client is asked to retry. */
const MAX_ATTEMPTS = 10;

/** Transaction items in order; a cancellation reason's index says which one failed. */
const CART = 0;
const CUSTOMER_NUMBER_GUARD = 3;

/**
 * Turns a cart into an order in ONE DynamoDB transaction (DESIGN "Aggregates"): the cart flips to
 * ordered only if it is still the open version we priced, the order is put only if new, and a buyer
 * seen for the first time becomes a customer with a unique number and e-mail guard. However many
 * requests race on one cart, exactly one order is created; the others get 410. With
 * `checkoutKeyHash` (the hash of the request's Idempotency-Key) the cart keeps it, so a retry of
 * this checkout is recognised even when this call's answer is lost (lib/use-cases/orders/place-order.ts).
 *
 * Nothing in the transaction is shared between checkouts of different carts, so they never wait
 * for or cancel each other. The order number is taken before it from the shop's order counter
 * (lib/data/counters.ts: in blocks under load), and a number taken by a checkout that then fails is
 * not reused (a gap). Costs: the order counter ADD (when the instance's block is used up) beside the
 * buyer's e-mail guard GetItem, likewise a customer number for a new buyer, and one TransactWriteItems.
 * A cart whose coupon takes a use (`redemption`) adds its two counters to that transaction; a
 * counter at its limit is the 409 on the coupon line.
 */
export async function placeOrder(
  cart: CartRecord,
  build: (cart: CartRecord, identity: CheckoutIdentity) => OrderRecord,
  checkoutKeyHash?: string,
  hold?: StockHold,
  takesSameStock?: (fresh: CartRecord) => boolean,
  redemption?: CouponRedemption | null,
): Promise<OrderRecord> {
  let current = cart;
  let [identity, spreads] = await Promise.all([checkoutIdentity(cart), feedSpreads(cart.shopId)]);
  for (let attempt = 1; ; attempt++) {
    const order = build(current, identity);
    const items = transactItems(current, order, identity, spreads, checkoutKeyHash, hold?.holdId);
    // The coupon's use is counted with the order or not at all (lib/data/coupons/coupon-uses.ts).
    const couponAt = items.length;
    if (redemption) items.push(...redemptionItems(cart.shopId, redemption));
    const couponEnd = items.length;
    // The stock set aside for this checkout is kept only if its hold was not released (docs/inventory.md).
    if (hold) items.push(orderHoldCheck(hold));
    try {
      await widenedOnThrottle(cart.shopId, spreads, () =>
        dynamo().send(new TransactWriteCommand({ TransactItems: items })),
      );
      orderPlaced(order);
      return order;
    } catch (error) {
      // Throttled or failing: the API answers 503 and the client retries. A throttled or refused
      // call wrote nothing, but a timed-out one may still be applied after we stopped waiting (the
      // SDK's retries carry the same ClientRequestToken, so it is applied at most once): the retry
      // then finds the cart ordered, and only its checkoutKeyHash tells it the order is its own.
      if (!(error instanceof TransactionCanceledException) || isTransientDependencyError(error)) throw error;
      const failed = (error.CancellationReasons ?? []).map((r) => r.Code);
      let buyerChanged = false;
      if (failed[CART] === 'ConditionalCheckFailed' || failed[CART] === 'TransactionConflict') {
        const fresh = await getCart(cart.shopId, cart.cartId);
        if (!fresh) throw new NotFoundError('Cart');
        if (fresh.status === 'ordered') throw new CartOrdered(fresh);
        // The stock set aside (or none) was for the cart's lines as they were.
        if (takesSameStock && !takesSameStock(fresh)) throw new StockDemandChanged(fresh);
        buyerChanged = emailOf(fresh) !== emailOf(current);
        current = fresh;
      }
      // The cart first: a racing checkout of the same cart that won makes this one 410.
      if (hold && failed[items.length - 1] === 'ConditionalCheckFailed') throw new HoldLost();
      // A limit reached by other checkouts: this one takes nothing (its hold is given back).
      if (redemption && failed.slice(couponAt, couponEnd).includes('ConditionalCheckFailed'))
        throw couponUsedUp(CHECKOUT_COUPON_FIELD, redemption.code);
      const guardFailed = failed.slice(CART + 2, couponAt).some((code) => code && code !== 'None');
      if (buyerChanged || (identity.newCustomer && guardFailed)) {
        // Another e-mail address, or the buyer became a customer meanwhile (another checkout,
        // POST /customers), or the generated number is taken by an imported customer: decide the
        // customer again, keeping the new customer's number unless that is what failed.
        const keep = !buyerChanged && failed[CUSTOMER_NUMBER_GUARD] !== 'ConditionalCheckFailed';
        identity = { ...identity, ...(await checkoutCustomer(current, keep ? identity.newCustomer : null)) };
      }
      if (attempt === MAX_ATTEMPTS) throw new StorageBusy();
      await backoff(attempt);
      spreads = await feedSpreads(cart.shopId);
    }
  }
}

/** The write buckets of the feeds a checkout writes to (lib/data/feeds/feed-spread.ts). */
async function feedSpreads(shopId: string): Promise<Record<FeedKind, number>> {
  const [ORDER, CUSTOMER, CART] = await Promise.all(
    (['ORDER', 'CUSTOMER', 'CART'] as const).map((kind) => writerSpread(shopId, kind)),
  );
  return { ORDER, CUSTOMER, CART } as Record<FeedKind, number>;
}

/** The order's id and number, and its customer (found by the buyer's e-mail address, or new). */
async function checkoutIdentity(cart: CartRecord): Promise<CheckoutIdentity> {
  const [orderNumber, customer] = await Promise.all([
    nextCounterValue(cart.shopId, 'order'),
    checkoutCustomer(cart, null),
  ]);
  return { orderId: newId(), orderNumber: String(orderNumber), ...customer };
}

/**
 * The customer an order goes to: the one the buyer's e-mail address belongs to, else a new one
 * (keeping `reuse`'s id and number when given, so a retry does not burn another number).
 */
async function checkoutCustomer(
  cart: CartRecord,
  reuse: CustomerRecord | null,
): Promise<Pick<CheckoutIdentity, 'customerId' | 'customerNumber' | 'newCustomer'>> {
  const email = emailOf(cart);
  const { Item: guard } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.customerEmail(cart.shopId, email),
      ConsistentRead: true,
    }),
  );
  if (guard) {
    const { customerId, customerNumber } = guard as { customerId: string; customerNumber: string };
    return { customerId, customerNumber, newCustomer: null };
  }
  const newCustomer: CustomerRecord = reuse
    ? { ...reuse, billingAddress: cart.billingAddress ?? {} }
    : {
        customerId: newId(),
        customerNumber: generatedCustomerNumber(await nextCounterValue(cart.shopId, 'customer')),
        creationDate: new Date().toISOString(),
        billingAddress: cart.billingAddress ?? {},
        internalNote: null,
      };
  return { customerId: newCustomer.customerId, customerNumber: newCustomer.customerNumber, newCustomer };
}

function transactItems(
  cart: CartRecord,
  order: OrderRecord,
  identity: CheckoutIdentity,
  spreads: Record<FeedKind, number>,
  checkoutKeyHash: string | undefined,
  holdId: string | undefined,
): TransactItem[] {
  const table = tableName();
  const key = keys.cart(cart.shopId, cart.cartId);
  const feed = orderedCartFeed(cart, order.createdAt);
  const keyHash = checkoutKeyHash === undefined ? '' : ', checkoutKeyHash = :keyHash';
  // The stock hold the order keeps: a release of it after this fails (lib/data/inventory/stock-holds.ts).
  const ordered = holdId === undefined ? '' : ', orderedHold = :hold';
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: key,
        // An ordered cart leaves the list: its feed entry says so (lib/data/cart/cart-feed.ts).
        UpdateExpression: `SET #status = :ordered, orderId = :orderId, version = :next, updatedAt = :now, gsi4sk = :feedSort, ox = :feedEntry${keyHash}${ordered}`,
        ConditionExpression: 'version = :version AND #status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':ordered': 'ordered',
          ':open': 'open',
          ':orderId': order.orderId,
          ':version': cart.version,
          ':next': cart.version + 1,
          ':now': order.createdAt,
          ':feedSort': feed.gsi4sk,
          ':feedEntry': feed.ox,
          ...(checkoutKeyHash === undefined ? {} : { ':keyHash': checkoutKeyHash }),
          ...(holdId === undefined ? {} : { ':hold': holdId }),
        },
      },
    },
    {
      Put: {
        TableName: table,
        Item: orderItem(order, spreads.ORDER),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (identity.newCustomer) {
    const { customer, numberGuard, emailGuard } = customerItems(
      cart.shopId,
      identity.newCustomer,
      spreads.CUSTOMER,
    );
    for (const item of [customer, numberGuard, ...(emailGuard ? [emailGuard] : [])]) {
      items.push({ Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });
    }
  }
  return items;
}

function emailOf(cart: CartRecord): string {
  return cart.billingAddress?.emailAddress ?? '';
}
