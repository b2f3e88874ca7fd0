import { describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api';
import { BILLING, newCart } from '../support/carts';

describe('billing and shipping addresses', () => {
  it('sets and deletes both, keeping every Address field', async () => {
    const cart = await newCart();

    const billing = await cart.call('/billing-address', { method: 'PUT', body: BILLING });
    const shipping = await cart.call('/shipping-address', {
      method: 'PUT',
      body: { lastName: 'Weber', country: 'AT', doorCode: '12' },
    });
    const noBilling = await cart.call('/billing-address', { method: 'DELETE' });
    const noShipping = await cart.call('/shipping-address', { method: 'DELETE' });

    expect(billing.status).toBe(200);
    expect(billing.body.billingAddress).toMatchObject({ ...BILLING, company: null, vatId: null });
    expect(Object.keys(billing.body.billingAddress)).toHaveLength(34);
    expect(shipping.body.shippingAddress).toMatchObject({
      lastName: 'Weber',
      country: 'AT',
      doorCode: '12',
      emailAddress: null,
    });
    expect([noBilling.status, noBilling.body.billingAddress]).toEqual([200, null]);
    expect([noShipping.status, noShipping.body.shippingAddress]).toEqual([200, null]);
  });

  it.each([
    ['billing', { ...BILLING, country: undefined }, 'country'],
    ['billing', { ...BILLING, emailAddress: undefined }, 'emailAddress'],
    ['billing', { ...BILLING, emailAddress: 'not-an-email' }, 'emailAddress'],
    ['billing', { ...BILLING, country: 'Germany' }, 'country'],
    ['billing', { ...BILLING, nickname: 'x' }, 'body'],
    ['shipping', { lastName: 'x' }, 'country'],
    ['shipping', { country: 'DE', street: 'x'.repeat(300) }, 'street'],
  ])('answers 400 for a bad %s address (%j)', async (kind, body, field) => {
    const cart = await newCart();

    const response = await cart.call(`/${kind}-address`, { method: 'PUT', body });

    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: any) => e.field)).toContain(field);
  });
});

describe('shipping data and payment data (carts_price_write)', () => {
  it('sets a shipping method with its own price or a given one, and taxes it', async () => {
    const cart = await newCart('demo', { lineItems: [{ productId: 'merino-beanie', quantity: 1 }] });

    const own = await cart.call('/shipping-data', { method: 'PUT', body: { id: 'dhl-express' } });
    const given = await cart.call('/shipping-data', {
      method: 'PUT',
      body: { id: 'freight', priceAmount: 49 },
    });

    expect(own.status).toBe(200);
    expect(own.body.shippingData).toMatchObject({
      shippingMethod: { id: 'dhl-express' },
      price: { amount: 12.9 },
    });
    expect(own.body.shippingData.taxes).toEqual([
      {
        taxClass: { taxClassId: 'standard', name: expect.any(String), percentage: 19 },
        price: expect.objectContaining({ amount: 2.06, taxType: 'NONE' }),
      },
    ]);
    expect(own.body.links.map((l: any) => l.rel)).toContain('shipping-method');
    expect(given.body.shippingData.price.amount).toBe(49);
    expect(given.body.lineItemContainer.grandTotal.amount).toBe(73.9);
  });

  it('answers 400 for an unknown method, a per-cart method without price, a negative price; 403 without scope', async () => {
    const cart = await newCart();

    const unknown = await cart.call('/shipping-data', { method: 'PUT', body: { id: 'pigeon' } });
    const noPrice = await cart.call('/shipping-data', { method: 'PUT', body: { id: 'freight' } });
    const negative = await cart.call('/shipping-data', {
      method: 'PUT',
      body: { id: 'dhl-standard', priceAmount: -1 },
    });
    const noScope = await cart.call('/shipping-data', {
      method: 'PUT',
      token: tokenFor('demo', ['carts_read']),
      body: { id: 'dhl-standard' },
    });

    expect(unknown.status).toBe(400);
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.errors[0].field).toBe('priceAmount');
    expect(negative.status).toBe(400);
    expect(noScope.status).toBe(403);
  });

  it('follows the spec rules of payment data: name not returned, price or 0', async () => {
    const cart = await newCart('demo', { lineItems: [{ productId: 'merino-beanie', quantity: 1 }] });

    const withFee = await cart.call('/payment-data', {
      method: 'PUT',
      body: { name: 'Cash on delivery', priceAmount: 3.5 },
    });
    const discount = await cart.call('/payment-data', { method: 'PUT', body: { priceAmount: -2 } });
    const reset = await cart.call('/payment-data', { method: 'PUT', body: { name: 'Prepayment' } });

    expect(withFee.status).toBe(200);
    expect(withFee.body.paymentData).toMatchObject({
      paymentMethod: null,
      transactionId: null,
      price: { amount: 3.5 },
    });
    expect(withFee.text).not.toContain('Cash on delivery');
    expect(withFee.body.lineItemContainer.grandTotal.amount).toBe(28.4);
    expect(discount.body.lineItemContainer.grandTotal.amount).toBe(22.9);
    expect(reset.body.paymentData.price.amount).toBe(0);
  });
});

describe('ETag and If-Match (beyond the spec)', () => {
  it('carries an ETag that changes with every write; a stale If-Match is 412 and changes nothing', async () => {
    const cart = await newCart();
    const first = cart.response.headers.get('etag') as string;

    const changed = await cart.call('/line-items', {
      method: 'POST',
      headers: { 'if-match': first },
      body: { productId: 'trail-mix', quantity: 1 },
    });
    const stale = await cart.call('/line-items', {
      method: 'POST',
      headers: { 'if-match': first },
      body: { productId: 'trail-mix', quantity: 1 },
    });
    const read = await cart.call('');

    expect(first).toMatch(/^".+"$/);
    expect(changed.status).toBe(201);
    expect(changed.headers.get('etag')).not.toBe(first);
    expect(stale.status).toBe(412);
    expect(read.headers.get('etag')).toBe(changed.headers.get('etag'));
    expect(read.body.lineItemContainer.productLineItems[0].quantity.amount).toBe(1);
    expect(read.headers.get('cache-control')).toBe('no-store');
  });
});
