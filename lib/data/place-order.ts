import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CartRecord } from '../domain/cart';
import type { CustomerRecord } from '../domain/customer';
import type { OrderRecord } from '../domain/order';
import { Conflict, Gone, NotFound, ServiceUnavailable } from '../http/errors';
import { backoff } from './backoff';
import { getCart } from './cart-repository';
import { dynamo, tableName } from './client';
import { customerItems } from './customer-items';
import { customerSequence, generatedCustomerNumber } from './customer-numbers';
import { isTransientDependencyError } from './dependency-errors';
import { newId } from './ids';
import { type Key, keys } from './keys';
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

/** Racing checkouts take turns on the shop's counter; each lost round backs off a little more. */
const MAX_ATTEMPTS = 25;

/**
 * Turns a cart into an order in ONE DynamoDB transaction (DESIGN "Aggregates"): the cart flips to
 * ordered only if it is still the open version we priced, the order is put only if new, the
 * per-shop order counter moves from the number we read to the next (so numbers have no gaps and
 * never repeat), and a buyer seen for the first time becomes a customer with a unique number.
 * However many requests race, exactly one order is created; the others get 410.
 * Costs one BatchGetItem (counters and the buyer's e-mail guard) and one TransactWriteItems.
 */
export async function placeOrder(
  cart: CartRecord,
  build: (cart: CartRecord, identity: CheckoutIdentity) => OrderRecord,
): Promise<OrderRecord> {
  let current = cart;
  for (let attempt = 1; ; attempt++) {
    const identity = await checkoutIdentity(current);
    const order = build(current, identity);
    try {
      await dynamo().send(
        new TransactWriteCommand({ TransactItems: transactItems(current, order, identity) }),
      );
      return order;
    } catch (error) {
      // Throttled or failing: nothing was written; the API answers 503 and the client retries.
      if (!(error instanceof TransactionCanceledException) || isTransientDependencyError(error)) throw error;
      if (error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
        const fresh = await getCart(cart.shopId, cart.cartId);
        if (!fresh) throw new NotFound('Cart not found');
        if (fresh.status === 'ordered') throw new Gone('Cart has been ordered');
        current = fresh;
      }
      // Otherwise a counter or customer guard moved under us: read them again.
      // Still contended after many rounds: a temporary condition, the client retries.
      if (attempt === MAX_ATTEMPTS) throw new ServiceUnavailable(1);
      await backoff(attempt);
    }
  }
}

async function checkoutIdentity(cart: CartRecord): Promise<CheckoutIdentity> {
  const email = cart.billingAddress?.emailAddress ?? '';
  const wanted = {
    orderCounter: keys.counter(cart.shopId, 'order'),
    customerCounter: keys.counter(cart.shopId, 'customer'),
    emailGuard: keys.customerEmail(cart.shopId, email),
  };
  const found = await batchGet(Object.values(wanted));
  const item = (key: Key) => found.find((i) => i.pk === key.pk && i.sk === key.sk);
  const orderCount = (item(wanted.orderCounter)?.value as number | undefined) ?? 0;
  const guard = item(wanted.emailGuard);
  const orderNumber = String(orderCount + 1);
  if (guard) {
    const { customerId, customerNumber } = guard as { customerId: string; customerNumber: string };
    return { orderId: newId(), orderNumber, customerId, customerNumber, newCustomer: null };
  }
  const customerCount = (item(wanted.customerCounter)?.value as number | undefined) ?? 0;
  const newCustomer: CustomerRecord = {
    customerId: newId(),
    customerNumber: generatedCustomerNumber(customerCount + 1),
    creationDate: new Date().toISOString(),
    billingAddress: cart.billingAddress ?? {},
    internalNote: null,
  };
  return {
    orderId: newId(),
    orderNumber,
    customerId: newCustomer.customerId,
    customerNumber: newCustomer.customerNumber,
    newCustomer,
  };
}

async function batchGet(wanted: Key[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let pending: Key[] = wanted;
  for (let round = 0; pending.length > 0 && round < 5; round++) {
    const result = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
    );
    found.push(...(result.Responses?.[tableName()] ?? []));
    pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
  }
  if (pending.length > 0) throw new Conflict('Checkout is contended; try again');
  return found;
}

function transactItems(cart: CartRecord, order: OrderRecord, identity: CheckoutIdentity): TransactItem[] {
  const table = tableName();
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: keys.cart(cart.shopId, cart.cartId),
        UpdateExpression: 'SET #status = :ordered, orderId = :orderId, version = :next, updatedAt = :now',
        ConditionExpression: 'version = :version AND #status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':ordered': 'ordered',
          ':open': 'open',
          ':orderId': order.orderId,
          ':version': cart.version,
          ':next': cart.version + 1,
          ':now': order.createdAt,
        },
      },
    },
    { Put: { TableName: table, Item: orderItem(order), ConditionExpression: 'attribute_not_exists(pk)' } },
    counterStep(cart.shopId, 'order', Number(order.orderNumber)),
  ];
  if (identity.newCustomer) {
    const { customer, numberGuard, emailGuard } = customerItems(cart.shopId, identity.newCustomer);
    for (const item of [customer, numberGuard, ...(emailGuard ? [emailGuard] : [])]) {
      items.push({ Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } });
    }
    items.push(counterStep(cart.shopId, 'customer', customerSequence(identity.newCustomer.customerNumber)));
  }
  return items;
}

/** Moves a counter from next − 1 to next, only if nobody else moved it meanwhile. */
function counterStep(shopId: string, name: string, next: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counter(shopId, name),
      UpdateExpression: 'SET #value = :next',
      ConditionExpression: next === 1 ? 'attribute_not_exists(#value)' : '#value = :previous',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: next === 1 ? { ':next': next } : { ':next': next, ':previous': next - 1 },
    },
  };
}
