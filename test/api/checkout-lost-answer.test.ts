import { afterEach, describe, expect, it } from 'vitest';
import { billedCart } from '../support/carts';
import { clearLostAnswers, loseAnswers } from '../support/faults';
import { ownServer } from '../support/own-server';
import { privateDemoShop } from '../support/shops';

/**
 * Issue 22: a checkout whose transaction timed out for the API but was applied by DynamoDB (a
 * paused DynamoDB Local resuming, a slow answer in AWS) answered 503; the client's retry with the
 * same Idempotency-Key then met the ordered cart: 410, and never learned its order. This file runs
 * its own server, so the lost answers stay in this process.
 */
const api = ownServer();
afterEach(() => clearLostAnswers());
/** The shop's order count (`results` of its order list: exact). */
const orderCount = async (shop: string) =>
  (await api(`/${shop}/orders?resultsPerPage=1`)).body.results as number;

describe('a checkout retried after its answer was lost', () => {
  it('gets 201 with the order its first attempt created; another key or none still gets 410', async () => {
    // Prepare: a shop of its own (the order count is exact) and a cart ready to order
    const shop = await privateDemoShop('lostanswer');
    const cart = await billedCart(api, shop, [{ productId: 'espresso-beans', quantity: 2 }]);
    const ordersBefore = await orderCount(shop);
    const checkout = (key?: string) => cart.checkout(key === undefined ? {} : { 'idempotency-key': key });
    // Every attempt of the SDK reaches DynamoDB, none of their answers reaches the API.
    const lost = loseAnswers({ commands: ['TransactWriteItemsCommand'], times: 3 });

    // Act
    const failed = await checkout('lost-answer-1');
    clearLostAnswers();
    const retried = await checkout('lost-answer-1');
    const replayed = await checkout('lost-answer-1');
    const otherKey = await checkout('lost-answer-2');
    const noKey = await checkout();
    const stored = await api(`/${shop}/orders/${retried.body.orderId}`);
    const ordersAfter = await orderCount(shop);

    // Assess
    expect(lost.lost()).toBe(3);
    expect(failed.status).toBe(503);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('location')).toBe(`/${shop}/orders/${retried.body.orderId}`);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(stored.status).toBe(200);
    expect(retried.body).toEqual(stored.body);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retried.body);
    expect(ordersAfter).toBe(ordersBefore + 1);
    expect([otherKey.status, noKey.status]).toEqual([410, 410]);
  });
});

describe('a checkout sent several times at once with one Idempotency-Key', () => {
  it('places one order and answers it to every copy, none 409 or 410', async () => {
    // Prepare: the copies all read the open cart before any of them orders it
    const shop = await privateDemoShop('samekey');
    const cart = await billedCart(api, shop, [{ productId: 'espresso-beans', quantity: 1 }]);
    const ordersBefore = await orderCount(shop);

    // Act
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cart.checkout({ 'idempotency-key': 'same-key-1' })),
    );
    const ordersAfter = await orderCount(shop);

    // Assess
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(ordersAfter).toBe(ordersBefore + 1);
  });
});

describe('a cart creation whose first answer was lost', () => {
  it('is the one cart the SDK retry wrote: 201, not 500 on its own condition', async () => {
    // Prepare: the first attempt's PutItem reaches DynamoDB, its answer does not; the SDK retries it.
    const shop = await privateDemoShop('lostcart');
    const lost = loseAnswers({ commands: ['PutCommand', 'PutItemCommand'], times: 1 });

    // Act
    const created = await api(`/${shop}/carts`, {
      method: 'POST',
      body: { lineItems: [{ productId: 'espresso-beans', quantity: 1 }] },
    });
    clearLostAnswers();
    const cartToken = created.headers.get('x-service-cart-token') as string;
    const read = await api(`/${shop}/carts/${created.body.cartId}`, { cartToken });

    // Assess
    expect(lost.lost()).toBe(1);
    expect(created.status).toBe(201);
    expect(read.status).toBe(200);
    expect(read.body.lineItemContainer.productLineItems).toHaveLength(1);
  });
});

describe('a cart change whose first answer was lost', () => {
  it('adds the line once and answers 201, with If-Match too (not 412 on its own write)', async () => {
    // Prepare: a cart with one bag of beans; the line's Put reaches DynamoDB, its answer does not
    const shop = await privateDemoShop('lostline');
    const created = await api(`/${shop}/carts`, {
      method: 'POST',
      body: { lineItems: [{ productId: 'espresso-beans', quantity: 1 }] },
    });
    const cartToken = created.headers.get('x-service-cart-token') as string;
    const lost = loseAnswers({
      commands: ['PutCommand', 'PutItemCommand'],
      times: 1,
      bodyIncludes: '#CART#',
    });

    // Act
    const added = await api(`/${shop}/carts/${created.body.cartId}/line-items`, {
      method: 'POST',
      cartToken,
      headers: { 'if-match': created.headers.get('etag') as string },
      body: { productId: 'espresso-beans', quantity: 2 },
    });
    clearLostAnswers();
    const read = await api(`/${shop}/carts/${created.body.cartId}`, { cartToken });

    // Assess
    expect(lost.lost()).toBe(1);
    expect(added.status).toBe(201);
    const lines = read.body.lineItemContainer.productLineItems;
    expect(lines.map((l: { quantity: { amount: number } }) => l.quantity.amount)).toEqual([3]);
    expect(read.headers.get('etag')).toBe(added.headers.get('etag'));
  });
});

describe('an Idempotency-Key claim whose first answer was lost', () => {
  it('is the claim of the request that sent it: the cart is created (201), not 409 "in progress"', async () => {
    // Prepare: the claim's Put reaches DynamoDB, its answer does not; the SDK retries it
    const shop = await privateDemoShop('lostclaim');
    const create = () =>
      api(`/${shop}/carts`, {
        method: 'POST',
        headers: { 'idempotency-key': 'lost-claim-1' },
        body: { lineItems: [{ productId: 'espresso-beans', quantity: 1 }] },
      });
    const lost = loseAnswers({
      commands: ['PutCommand', 'PutItemCommand'],
      times: 1,
      bodyIncludes: '#IDEMPOTENCY#',
    });

    // Act
    const created = await create();
    clearLostAnswers();
    const replayed = await create();

    // Assess
    expect(lost.lost()).toBe(1);
    expect(created.status).toBe(201);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.cartId).toBe(created.body.cartId);
  });
});
