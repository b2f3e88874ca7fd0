import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * docs/inventory.md "A checkout, step by step", through real HTTP: a short line refuses
 * the whole checkout with one 409 entry per short line, the cart stays open and unchanged, and
 * racing buyers never get more than there is.
 */

async function orderable(shop: string, lineItems: { productId: string; quantity: number }[]) {
  const cart = await newCart(shop, { lineItems });
  const billing = await cart.call('/billing-address', { method: 'PUT', body: BILLING });
  expect(billing.status).toBe(200);
  return cart;
}

/** Sets a product's stock (PATCH replace): stock that changes between cart and checkout. */
async function setStock(shop: string, productId: string, value: number) {
  const patched = await call(`/${shop}/products/${productId}`, {
    method: 'PATCH',
    body: [{ op: 'replace', path: '/stocklevel', value }],
  });
  expect(patched.status).toBe(200);
}

const ordersOf = async (shop: string) =>
  (await call(`/${shop}/orders?resultsPerPage=1`)).body.results as number;

describe('POST /{shopId}/carts/{cartId}/order takes stock', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop(
      'stock',
      withStock({
        'dome-tent-2p': { stock: 4 },
        'gas-stove': { stock: 2 },
        'filter-coffee-by-weight': { stock: 2 },
        'titanium-spork': { stock: null },
      }),
    );
  });

  it('refuses a short line with 409, one entry per short line with what is left, and takes nothing', async () => {
    // Prepare: the tent becomes short after it was added (4 of 3: a cart add checks the stock of
    // its moment, the checkout the stock of its own), the stove is not, the spork is not tracked
    const cart = await orderable(shop, [
      { productId: 'gas-stove', quantity: 1 },
      { productId: 'dome-tent-2p', quantity: 4 },
      { productId: 'titanium-spork', quantity: 50 },
    ]);
    await setStock(shop, 'dome-tent-2p', 3);
    const before = await cart.call('');
    const orders = await ordersOf(shop);

    // Act
    const refused = await cart.call('/order', { method: 'POST' });

    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: '409',
      message: 'Not enough stock',
      errors: [
        { field: 'lineItemContainer.productLineItems[1]', message: '4 requested, 3 available', available: 3 },
      ],
    });
    const after = await cart.call('');
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(await ordersOf(shop)).toBe(orders);
    // Nothing was taken: the stove's two and the tent's three are all still there.
    const rest = await orderable(shop, [
      { productId: 'gas-stove', quantity: 2 },
      { productId: 'dome-tent-2p', quantity: 3 },
    ]);
    expect((await rest.call('/order', { method: 'POST' })).status).toBe(201);
  });

  it('counts exact decimals (kg): 1.75 of 1.5 refused, 1.25 sold, then 0.5 of the 0.25 left refused', async () => {
    // Prepare: the carts are filled while 2 kg are in stock, then the stock drops to 1.5 kg
    const cart = await orderable(shop, [
      { productId: 'filter-coffee-by-weight', quantity: 1 },
      { productId: 'filter-coffee-by-weight', quantity: 0.75 },
    ]);
    const fits = await orderable(shop, [{ productId: 'filter-coffee-by-weight', quantity: 1.25 }]);
    const left = await orderable(shop, [{ productId: 'filter-coffee-by-weight', quantity: 0.5 }]);
    await setStock(shop, 'filter-coffee-by-weight', 1.5);

    const refused = await cart.call('/order', { method: 'POST' });
    const ordered = await fits.call('/order', { method: 'POST' });
    const tooMuch = await left.call('/order', { method: 'POST' });

    expect(refused.status).toBe(409);
    // The cart keeps one line per product: the two adds became 1.75 kg.
    expect(refused.body.errors).toEqual([
      {
        field: 'lineItemContainer.productLineItems[0]',
        message: '1.75 requested, 1.5 available',
        available: 1.5,
      },
    ]);
    expect(ordered.status).toBe(201);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errors).toEqual([
      {
        field: 'lineItemContainer.productLineItems[0]',
        message: '0.5 requested, 0.25 available',
        available: 0.25,
      },
    ]);
  });

  it('answers an untracked product whatever the quantity, and keeps the cart orderable after a 409', async () => {
    const cart = await orderable(shop, [{ productId: 'titanium-spork', quantity: 500 }]);

    const ordered = await cart.call('/order', { method: 'POST' });

    expect(ordered.status).toBe(201);
  });
});

describe('racing checkouts of the last items', () => {
  it('sells exactly the stock: 20 carts for 5 tents spread over 3 shards → 5 orders, 15 × 409, none 5xx', async () => {
    // Prepare
    const shop = await privateDemoShop('stockrace', withStock({ 'dome-tent-2p': { stock: 5, shards: 3 } }));
    const carts = await Promise.all(
      Array.from({ length: 20 }, () => orderable(shop, [{ productId: 'dome-tent-2p', quantity: 1 }])),
    );

    // Act
    const answers = await Promise.all(carts.map((cart) => cart.call('/order', { method: 'POST' })));

    // Assess
    const statuses = answers.map((a) => a.status).sort();
    const bodies = answers.filter((a) => a.status !== 201).map((a) => a.text);
    expect(statuses, bodies.join('\n')).toHaveLength(20);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await ordersOf(shop)).toBe(5);
    const soldOut = new Set(answers.filter((a) => a.status === 409).map((a) => JSON.stringify(a.body)));
    expect([...soldOut].map((body) => JSON.parse(body))).toEqual([
      {
        status: '409',
        message: 'Not enough stock',
        errors: [
          {
            field: 'lineItemContainer.productLineItems[0]',
            message: '1 requested, 0 available',
            available: 0,
          },
        ],
      },
    ]);
  });
});
