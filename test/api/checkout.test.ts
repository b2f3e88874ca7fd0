import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { BILLING, newCart, orderableCart } from '../support/carts';
import { requestCost } from '../support/server-timing';
import { privateDemoShop } from '../support/shops';

describe('POST /{shopId}/carts/{cartId}/order', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('checkout');
  });

  it('refuses a cart without billing address, without lines or below the minimum (400)', async () => {
    const empty = await newCart(shop);
    await empty.call('/billing-address', { method: 'PUT', body: BILLING });
    const noAddress = await newCart(shop, { lineItems: [{ productId: 'espresso-beans', quantity: 1 }] });
    const small = await newCart(shop, { lineItems: [{ productId: 'trail-mix', quantity: 1 }] });
    await small.call('/billing-address', { method: 'PUT', body: BILLING });

    const responses = await Promise.all(
      [empty, noAddress, small].map((cart) => cart.call('/order', { method: 'POST' })),
    );

    expect(responses.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(responses.map((r) => r.body.errors[0].field)).toEqual([
      'lineItems',
      'billingAddress',
      'minimumCart',
    ]);
  });

  it('needs orders_write', async () => {
    const cart = await orderableCart(shop);

    const response = await cart.call('/order', { method: 'POST', token: tokenFor(shop, ['carts_read']) });

    expect(response.status).toBe(403);
  });

  it('creates exactly one order however many requests race; the rest get 410', async () => {
    const cart = await orderableCart(shop);

    const responses = await Promise.all(
      Array.from({ length: 8 }, () => cart.call('/order', { method: 'POST', body: {} })),
    );

    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 410, 410, 410, 410, 410, 410, 410]);
    const order = responses.find((r) => r.status === 201)?.body;
    const orders = await call(`/${shop}/orders?resultsPerPage=100`);
    expect(orders.body.items.filter((o: any) => o.orderId === order.orderId)).toHaveLength(1);
    expect((await cart.call('')).status).toBe(410);
    expect(
      (await cart.call('/line-items', { method: 'POST', body: { productId: 'trail-mix', quantity: 1 } }))
        .status,
    ).toBe(410);
  });

  it('takes order numbers in blocks while checkouts come fast: fewer counter writes than orders, no number twice', async () => {
    const carts = await Promise.all(Array.from({ length: 24 }, () => orderableCart(shop)));

    const orders = [];
    for (const cart of carts) orders.push(await cart.call('/order', { method: 'POST' }));

    expect(orders.map((o) => o.status)).toEqual(Array(24).fill(201));
    const numbers = orders.map((o) => Number(o.body.orderNumber));
    expect(new Set(numbers).size).toBe(24);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // A checkout of the (tracked) beans makes 6 calls besides the counter: cart read, e-mail guard,
    // hold, take, transaction, settle. Blocks of 1, 2, 4, 8 and 16 numbers write the counter 5 times
    // for 24 orders (a slow machine that lets a block expire: a few more), where a write per order
    // would be 24 × 7 = 168 calls.
    const calls = orders.map((o) => requestCost(o.headers.get('server-timing')).calls);
    expect(calls.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(24 * 6 + 8);
  });

  it('numbers racing checkouts of different carts uniquely and in sequence, after every earlier number', async () => {
    const carts = await Promise.all(Array.from({ length: 12 }, () => orderableCart(shop)));
    const before = await call(`/${shop}/orders?resultsPerPage=100`);
    const last = Math.max(0, ...before.body.items.map((o: any) => Number(o.orderNumber)));

    const orders = await Promise.all(carts.map((cart) => cart.call('/order', { method: 'POST' })));

    expect(orders.map((o) => o.status)).toEqual(Array(12).fill(201));
    const numbers = orders.map((o) => Number(o.body.orderNumber)).sort((a, b) => a - b);
    // None of them failed, so they leave no gap among themselves; earlier checkouts that lost a
    // race took numbers too (a failed checkout's number is not reused: faults.test.ts).
    expect(numbers[0]).toBeGreaterThan(last);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => (numbers[0] as number) + i));
  });

  it('finds the customer by e-mail or creates one from the billing address', async () => {
    const known = await orderableCart(shop, 'anna.schmidt@example.com');
    const email = `new.${Date.now()}@example.com`;
    const first = await orderableCart(shop, email);
    const second = await orderableCart(shop, email.toUpperCase());

    const [a, b, c] = await Promise.all(
      [known, first, second].map((cart) => cart.call('/order', { method: 'POST' })),
    );
    const customer = await call(`/${shop}/customers/${b?.body.customerId}`);

    expect(a?.body).toMatchObject({ customerId: 'anna-schmidt', customerNumber: 'C-1001' });
    expect(b?.body.customerId).not.toBe('anna-schmidt');
    expect(c?.body.customerId).toBe(b?.body.customerId);
    expect(customer.status).toBe(200);
    // Whichever of the two racing checkouts came first created the customer, in its spelling.
    expect(customer.body.billingAddress.emailAddress.toLowerCase()).toBe(email);
    expect(customer.body.billingAddress.lastName).toBe('Schmidt');
    expect(b?.body.customerNumber).toBe(customer.body.customerNumber);
  });

  it('follows a customer whose number or e-mail address changed', async () => {
    const email = `moving.${Date.now()}@example.com`;
    const first = await (await orderableCart(shop, email)).call('/order', { method: 'POST' });
    const customerId = first.body.customerId;
    const newNumber = `C-MOVED-${Date.now()}`;
    await call(`/${shop}/customers/${customerId}`, {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/customerNumber', value: newNumber }],
    });

    const renumbered = await (await orderableCart(shop, email)).call('/order', { method: 'POST' });
    const newEmail = `moved.${Date.now()}@example.com`;
    await call(`/${shop}/customers/${customerId}`, {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/billingAddress/emailAddress', value: newEmail }],
    });
    const atNewAddress = await (await orderableCart(shop, newEmail)).call('/order', { method: 'POST' });
    const atOldAddress = await (await orderableCart(shop, email)).call('/order', { method: 'POST' });

    expect(renumbered.body).toMatchObject({ customerId, customerNumber: newNumber });
    expect(atNewAddress.body).toMatchObject({ customerId, customerNumber: newNumber });
    expect(atOldAddress.body.customerId).not.toBe(customerId);
  });

  it('with an Idempotency-Key answers a retry with its order; the key on another cart orders that one', async () => {
    const cart = await orderableCart(shop);
    const key = `checkout-${Date.now()}`;

    const first = await cart.call('/order', { method: 'POST', headers: { 'idempotency-key': key } });
    const retry = await cart.call('/order', { method: 'POST', headers: { 'idempotency-key': key } });
    const otherCart = await orderableCart(shop);
    const reused = await otherCart.call('/order', { method: 'POST', headers: { 'idempotency-key': key } });
    const withoutKey = await cart.call('/order', { method: 'POST' });

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('x-service-media-type')).toBe('application/vnd.service.v1+json');
    expect(reused.status).toBe(201); // another cart: another scope for the key
    expect(withoutKey.status).toBe(410);
  });
});

describe('POST /{shopId}/carts with an Idempotency-Key', () => {
  it('creates one cart and replays it with the same token; another body is 409', async () => {
    const key = `create-${Date.now()}`;
    const body = { lineItems: [{ productId: 'trail-mix', quantity: 1 }] };

    const first = await call('/demo/carts', { method: 'POST', body, headers: { 'idempotency-key': key } });
    const retry = await call('/demo/carts', { method: 'POST', body, headers: { 'idempotency-key': key } });
    const other = await call('/demo/carts', {
      method: 'POST',
      body: {},
      headers: { 'idempotency-key': key },
    });
    const bad = await call('/demo/carts', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': 'x'.repeat(300) },
    });

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body.cartId).toBe(first.body.cartId);
    expect(retry.headers.get('x-service-cart-token')).toBe(first.headers.get('x-service-cart-token'));
    expect(other.status).toBe(409);
    expect(bad.status).toBe(400);
  });
});

describe('GET /{shopId}/orders and /orders/{orderId}', () => {
  it('lists newest first, filters by customer and date, reads one; 404 and 400 where due', async () => {
    const shop = await privateDemoShop('orders');
    const email = `list.${Date.now()}@example.com`;
    const placed = [];
    for (const address of [email, 'jonas.weber@example.com', email]) {
      const cart = await orderableCart(shop, address);
      placed.push((await cart.call('/order', { method: 'POST' })).body);
    }

    const all = await call(`/${shop}/orders`);
    const mine = await call(`/${shop}/orders?customerId=${placed[0].customerId}`);
    const future = await call(`/${shop}/orders?createdAfter=2100-01-01`);
    const one = await call(`/${shop}/orders/${placed[1].orderId}`);
    const unknown = await call(`/${shop}/orders/nope`);
    const badDate = await call(`/${shop}/orders?createdAfter=yesterday`);
    const noScope = await call(`/${shop}/orders`, { token: tokenFor(shop, ['orders_write']) });

    expect(all.body.items.map((o: any) => o.orderNumber)).toEqual(['3', '2', '1']);
    expect(mine.body.items.map((o: any) => o.orderNumber)).toEqual(['3', '1']);
    expect(future.body).toMatchObject({ results: 0, items: [] });
    expect(one.body).toMatchObject({
      orderId: placed[1].orderId,
      viewedOn: null,
      invoicedOn: null,
      archivedOn: null,
    });
    expect(one.body.links.map((l: any) => l.rel)).toEqual(['self', 'customer']);
    expect(unknown.status).toBe(404);
    expect(badDate.status).toBe(400);
    expect(noScope.status).toBe(403);
  });
});
