import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { newCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * docs/inventory.md "Carts and stock", through real HTTP: adding a line or raising a quantity beyond
 * what is in stock now is 409 naming the quantity field with `available`; requests that drop bad
 * lines drop a short one instead; untracked products are never refused; cart reads do not re-check.
 */

const setStock = (shop: string, productId: string, value: number) =>
  call(`/${shop}/products/${productId}`, {
    method: 'PATCH',
    body: [{ op: 'replace', path: '/stocklevel', value }],
  });

/** The cart's lines as [sku, quantity] pairs. */
const lines = (cart: { body: { lineItemContainer: { productLineItems: LineItem[] } } }) =>
  cart.body.lineItemContainer.productLineItems.map((l) => [l.sku, l.quantity.amount]);
type LineItem = { sku: string; quantity: { amount: number } };

describe('carts and stock', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop(
      'cartstock',
      withStock({
        'dome-tent-2p': { stock: 3 },
        'gas-stove': { stock: 2 },
        'filter-coffee-by-weight': { stock: 1.5 },
        'titanium-spork': { stock: null },
        'down-sleeping-bag': { stock: 0 },
      }),
    );
  });

  it('POST /carts: a line beyond the stock is 409 naming lineItems[i].quantity with available', async () => {
    const created = await call(`/${shop}/carts`, {
      method: 'POST',
      body: {
        lineItems: [
          { productId: 'gas-stove', quantity: 1 },
          { productId: 'dome-tent-2p', quantity: 4 },
        ],
      },
    });

    expect(created.status).toBe(409);
    expect(created.headers.get('x-service-cart-token')).toBeNull();
    expect(created.body).toEqual({
      status: '409',
      message: 'Not enough stock',
      errors: [{ field: 'lineItems[1].quantity', message: '4 requested, 3 available', available: 3 }],
    });
  });

  it('POST /carts with forceCreate: the short line is dropped and the cart is PartiallyComplete', async () => {
    const created = await call(`/${shop}/carts`, {
      method: 'POST',
      body: {
        forceCreate: true,
        lineItems: [
          { productId: 'gas-stove', quantity: 1 },
          { productId: 'dome-tent-2p', quantity: 4 },
        ],
      },
    });

    expect(created.status).toBe(201);
    expect(created.body.status).toBe('PartiallyComplete');
    expect(lines(created)).toEqual([['FL-3100', 1]]);
  });

  it('POST line-items: the cart’s quantity of the product counts, so a second add beyond it is 409 and changes nothing', async () => {
    const cart = await newCart(shop);
    const first = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: 'dome-tent-2p', quantity: 2 },
    });

    const second = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: 'dome-tent-2p', quantity: 2 },
    });

    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(second.body.errors).toEqual([
      { field: 'quantity', message: '4 requested, 3 available', available: 3 },
    ]);
    const read = await cart.call('');
    expect(read.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('an OutStock product cannot be added at all: 409, available 0', async () => {
    const cart = await newCart(shop);

    const added = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: 'down-sleeping-bag', quantity: 1 },
    });

    expect(added.status).toBe(409);
    expect(added.body.errors).toEqual([
      { field: 'quantity', message: '1 requested, 0 available', available: 0 },
    ]);
  });

  it('an untracked product is never refused', async () => {
    const cart = await newCart(shop);

    const added = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: 'titanium-spork', quantity: 500 },
    });

    expect(added.status).toBe(201);
  });

  it('counts exact decimals: 1.25 kg fits 1.5 kg, raising it by 0.5 kg does not', async () => {
    const cart = await newCart(shop, {
      lineItems: [{ productId: 'filter-coffee-by-weight', quantity: 1.25 }],
    });

    const raised = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: 'filter-coffee-by-weight', quantity: 0.5 },
    });

    expect(raised.status).toBe(409);
    expect(raised.body.errors).toEqual([
      { field: 'quantity', message: '1.75 requested, 1.5 available', available: 1.5 },
    ]);
  });

  it('PUT line-items: a raise beyond the stock is 409; lowering a line above the stock is fine; reads do not re-check', async () => {
    // Prepare: 2 stoves in the cart while there are 3
    const own = await privateDemoShop('cartstockput', withStock({ 'gas-stove': { stock: 3 } }));
    const cart = await newCart(own, { lineItems: [{ productId: 'gas-stove', quantity: 2 }] });
    const lineItemId = (await cart.call('')).body.lineItemContainer.productLineItems[0].lineItemId;
    const path = `/line-items/${lineItemId}`;

    // Act: raise beyond, raise to all of it; the stock drops to 1; read, lower, raise again
    const tooMany = await cart.call(path, { method: 'PUT', body: { quantity: 4 } });
    const three = await cart.call(path, { method: 'PUT', body: { quantity: 3 } });
    expect((await setStock(own, 'gas-stove', 1)).status).toBe(200);
    const read = await cart.call('');
    const lowered = await cart.call(path, { method: 'PUT', body: { quantity: 2 } });
    const raisedAgain = await cart.call(path, { method: 'PUT', body: { quantity: 3 } });

    // Assess
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.errors).toEqual([
      { field: 'quantity', message: '4 requested, 3 available', available: 3 },
    ]);
    expect(three.status).toBe(200);
    expect(read.status).toBe(200);
    expect(lines(read)).toEqual([['FL-3100', 3]]);
    expect(lowered.status).toBe(200);
    expect(lines(lowered)).toEqual([['FL-3100', 2]]);
    expect(raisedAgain.status).toBe(409);
    expect(raisedAgain.body.errors).toEqual([
      { field: 'quantity', message: '3 requested, 1 available', available: 1 },
    ]);
  });

  it('multi-line-items: a short item is dropped (PartiallyComplete), earlier items of the cart counting first', async () => {
    const cart = await newCart(shop);

    const added = await cart.call('/multi-line-items', {
      method: 'POST',
      body: [
        { productId: 'dome-tent-2p', quantity: 2 },
        { productId: 'dome-tent-2p', quantity: 2 },
        { productId: 'gas-stove', quantity: 1 },
        { productId: 'titanium-spork', quantity: 99 },
      ],
    });

    expect(added.status).toBe(201);
    expect(added.body.status).toBe('PartiallyComplete');
    expect(lines(added)).toEqual([
      ['NW-7020', 2],
      ['FL-3100', 1],
      ['AX-0110', 99],
    ]);
  });

  it('multi-line-items: when stock refuses every item, 409 naming [i].quantity', async () => {
    const cart = await newCart(shop);

    const added = await cart.call('/multi-line-items', {
      method: 'POST',
      body: [
        { productId: 'dome-tent-2p', quantity: 5 },
        { productId: 'down-sleeping-bag', quantity: 1 },
      ],
    });

    expect(added.status).toBe(409);
    expect(added.body).toEqual({
      status: '409',
      message: 'Not enough stock',
      errors: [
        { field: '[0].quantity', message: '5 requested, 3 available', available: 3 },
        { field: '[1].quantity', message: '1 requested, 0 available', available: 0 },
      ],
    });
  });
});
