import { describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api';
import { newCart } from '../support/carts';

const lines = (body: any) => body.lineItemContainer.productLineItems;

describe('PUT / DELETE line items', () => {
  it('sets a quantity (200) and deletes a line (200)', async () => {
    const cart = await newCart('demo', {
      lineItems: [
        { productId: 'espresso-beans', quantity: 1 },
        { productId: 'merino-beanie', quantity: 1 },
      ],
    });
    const [first, second] = lines(cart.response.body);

    const updated = await cart.call(`/line-items/${first.lineItemId}`, {
      method: 'PUT',
      body: { quantity: 4 },
    });
    const deleted = await cart.call(`/line-items/${second.lineItemId}`, { method: 'DELETE' });

    expect(updated.status).toBe(200);
    expect(lines(updated.body)[0]).toMatchObject({
      quantity: { amount: 4 },
      lineItemPrice: { amount: 59.6 },
    });
    expect(deleted.status).toBe(200);
    expect(lines(deleted.body).map((l: any) => l.productId)).toEqual(['espresso-beans']);
  });

  it('answers 404 for an unknown line and 400 for a bad quantity', async () => {
    const cart = await newCart('demo', { lineItems: [{ productId: 'socks-pair-pack', quantity: 2 }] });
    const line = lines(cart.response.body)[0].lineItemId;

    const unknownPut = await cart.call('/line-items/nope', { method: 'PUT', body: { quantity: 2 } });
    const unknownDelete = await cart.call('/line-items/nope', { method: 'DELETE' });
    const zero = await cart.call(`/line-items/${line}`, { method: 'PUT', body: { quantity: 0 } });
    const odd = await cart.call(`/line-items/${line}`, { method: 'PUT', body: { quantity: 3 } });

    expect([unknownPut.status, unknownDelete.status]).toEqual([404, 404]);
    expect(zero.status).toBe(400);
    expect(odd.status).toBe(400);
    expect(odd.body.errors).toEqual([
      { field: 'quantity', message: 'Quantity of socks-pair-pack must be a multiple of 2' },
    ]);
  });
});

describe('POST multi-line-items', () => {
  it('adds all (Complete), some (PartiallyComplete) or none (400)', async () => {
    const cart = await newCart();

    const all = await cart.call('/multi-line-items', {
      method: 'POST',
      body: [
        { productId: 'espresso-beans', quantity: 1 },
        { productId: 'trail-mix', quantity: 3 },
      ],
    });
    const some = await cart.call('/multi-line-items', {
      method: 'POST',
      body: [
        { productId: 'espresso-beans', quantity: 1 },
        { productId: 'nope', quantity: 1 },
      ],
    });
    const none = await cart.call('/multi-line-items', {
      method: 'POST',
      body: [{ productId: 'nope', quantity: 1 }],
    });
    const notArray = await cart.call('/multi-line-items', {
      method: 'POST',
      body: { productId: 'trail-mix', quantity: 1 },
    });

    expect([all.status, all.body.status]).toEqual([201, 'Complete']);
    expect([some.status, some.body.status]).toEqual([201, 'PartiallyComplete']);
    expect(lines(some.body).find((l: any) => l.productId === 'espresso-beans').quantity.amount).toBe(2);
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toEqual({ field: '[0].productId', message: 'Product nope not found' });
    expect(notArray.status).toBe(400);
  });
});

describe('PUT line-items/{l}/product-price (carts_price_write)', () => {
  it('overrides the unit price, and needs the scope', async () => {
    const cart = await newCart('demo', { lineItems: [{ productId: 'espresso-beans', quantity: 2 }] });
    const line = lines(cart.response.body)[0].lineItemId;

    const priced = await cart.call(`/line-items/${line}/product-price`, {
      method: 'PUT',
      body: { singleItemPrice: 9.99 },
    });
    const noScope = await cart.call(`/line-items/${line}/product-price`, {
      method: 'PUT',
      token: tokenFor('demo', []),
      body: { singleItemPrice: 1 },
    });
    const tooPrecise = await cart.call(`/line-items/${line}/product-price`, {
      method: 'PUT',
      body: { singleItemPrice: 9.999 },
    });
    const negative = await cart.call(`/line-items/${line}/product-price`, {
      method: 'PUT',
      body: { singleItemPrice: -1 },
    });

    expect(priced.status).toBe(200);
    expect(lines(priced.body)[0]).toMatchObject({
      singleItemPrice: { amount: 9.99 },
      lineItemPrice: { amount: 19.98 },
    });
    expect(noScope.status).toBe(403);
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.errors[0].field).toBe('singleItemPrice');
    expect(negative.status).toBe(400);
  });
});
