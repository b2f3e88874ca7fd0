import { describe, expect, it } from 'vitest';
import { call, createCart } from '../support/api';

const eur = (amount: number, formatted: string, taxType = 'GROSS') => ({
  taxType,
  amount,
  currency: 'EUR',
  formatted,
});
const de = (amount: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(amount);

describe('POST /{shopId}/carts', () => {
  it('creates an empty cart with the shop defaults from an empty body', async () => {
    // Act
    const response = await call('/demo/carts', { method: 'POST' });

    // Assess
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/demo/carts/${response.body.cartId}`);
    expect(response.body).toMatchObject({
      cartId: expect.stringMatching(/^[0-9A-Z]{26}$/),
      billingAddress: null,
      shippingAddress: null,
      status: 'Complete',
      lineItemContainer: {
        grandTotal: eur(0, '€0.00'),
        productLineItems: [],
        couponLineItem: null,
        basketDiscount: { links: [] },
      },
      minimumCart: { status: false, amount: eur(5, '€5.00') },
      potentialBasketDiscounts: [
        { absolute: eur(10, '€10.00'), minimumAmount: eur(100, '€100.00'), percent: null },
      ],
      pickupToken: expect.any(String),
      checkoutUrl: expect.stringContaining('https://demo-shop.example.com/checkout?pickupToken='),
    });
    expect(Date.parse(response.body.creationDate)).toBeGreaterThan(Date.now() - 60_000);
    expect(response.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'add-coupon']);
    // Free shipping starts at a 50.00 subtotal, so an empty cart cannot use it.
    expect(response.body.cartValidation.possibleShippingMethods).toEqual([
      'Standard delivery (DHL)',
      'Express delivery',
      'Freight forwarding (bulky goods)',
      'Click & collect in Freiburg',
    ]);
  });

  it('takes currency, tax type, locale and line items', async () => {
    const response = await call('/demo/carts', {
      method: 'POST',
      body: {
        currency: 'EUR',
        taxType: 'GROSS',
        locale: 'de_DE',
        lineItems: [{ productId: 'espresso-beans', quantity: 2 }],
      },
    });

    expect(response.status).toBe(201);
    expect(response.body.lineItemContainer.productLineItems).toHaveLength(1);
    expect(response.body.lineItemContainer.grandTotal.formatted).toBe(de(29.8));
  });

  it('refuses the whole request for one bad line item, naming it', async () => {
    const response = await call('/demo/carts', {
      method: 'POST',
      body: {
        lineItems: [
          { productId: 'espresso-beans', quantity: 1 },
          { productId: 'no-such-product', quantity: 1 },
        ],
      },
    });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { field: 'lineItems[1].productId', message: 'Product no-such-product not found' },
    ]);
  });

  it('with forceCreate keeps the good line items and says PartiallyComplete', async () => {
    const response = await call('/demo/carts', {
      method: 'POST',
      body: {
        forceCreate: true,
        lineItems: [
          { productId: 'espresso-beans', quantity: 1 },
          { productId: 'hidden-prototype', quantity: 1 },
        ],
      },
    });

    expect(response.status).toBe(201);
    expect(response.body.status).toBe('PartiallyComplete');
    expect(
      response.body.lineItemContainer.productLineItems.map((l: { productId: string }) => l.productId),
    ).toEqual(['espresso-beans']);
  });

  it.each([
    [{ currency: 'USD' }, 'currency'],
    [{ currency: 'euro' }, 'currency'],
    [{ taxType: 'BOTH' }, 'taxType'],
    [{ locale: 'french' }, 'locale'],
    [{ forceCreate: 'yes' }, 'forceCreate'],
    [{ lineItems: [{ productId: 'espresso-beans', quantity: 0 }] }, 'lineItems[0].quantity'],
    [{ lineItems: [{ productId: 'espresso-beans', quantity: 1.5 }] }, 'lineItems[0].quantity'],
    [{ lineItems: [{ productId: 'espresso-beans' }] }, 'lineItems[0].quantity'],
    [{ unknownField: 1 }, 'body'],
    [[], 'body'],
  ])('answers 400 with errors[] for %j', async (body, field) => {
    const response = await call('/demo/carts', { method: 'POST', body });

    expect(response.status).toBe(400);
    expect(response.body.status).toBe('400');
    expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('answers 400 for malformed JSON, 415 for another content type and 413 for a body over 256 KiB', async () => {
    const malformed = await call('/demo/carts', { method: 'POST', rawBody: '{"currency":' });
    const wrongType = await call('/demo/carts', {
      method: 'POST',
      rawBody: 'currency=EUR',
      contentType: 'text/plain',
    });
    const huge = await call('/demo/carts', {
      method: 'POST',
      rawBody: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }),
    });

    expect([malformed.status, malformed.body.message]).toEqual([400, 'Malformed JSON body']);
    expect(wrongType.status).toBe(415);
    expect(huge.status).toBe(413);
  });
});

describe('POST /{shopId}/carts/{cartId}/line-items', () => {
  it('adds a line (201) and raises its quantity when the product is added again', async () => {
    const { cartId, cartToken } = await createCart();

    const first = await call(`/demo/carts/${cartId}/line-items`, {
      method: 'POST',
      cartToken,
      body: { productId: 'trail-tshirt-red-m', quantity: 1 },
    });
    const second = await call(`/demo/carts/${cartId}/line-items`, {
      method: 'POST',
      cartToken,
      body: { productId: 'trail-tshirt-red-m', quantity: 2 },
    });

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const lines = second.body.lineItemContainer.productLineItems;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      productId: 'trail-tshirt-red-m',
      quantity: { amount: 3, unit: 'pc.' },
      singleItemPrice: eur(34.9, '€34.90'),
      lineItemPrice: eur(104.7, '€104.70'),
      taxClass: { taxClassId: 'standard', percentage: 19 },
      variationString: expect.stringContaining('Red'),
    });
    const read = await call(`/demo/carts/${cartId}`, { cartToken });
    expect(read.body.lineItemContainer).toEqual(second.body.lineItemContainer);
  });

  it('applies bulk price tiers by quantity', async () => {
    const { cartId, cartToken } = await createCart();

    const response = await call(`/demo/carts/${cartId}/line-items`, {
      method: 'POST',
      cartToken,
      body: { productId: 'gas-cartridge', quantity: 10 },
    });

    expect(response.body.lineItemContainer.productLineItems[0].singleItemPrice.amount).toBe(4.99);
    expect(response.body.lineItemContainer.lineItemsSubTotal.amount).toBe(49.9);
  });

  it.each([
    ['no-such-product', 1, 'Product no-such-product not found'],
    ['hidden-prototype', 1, 'Product hidden-prototype not found'],
    ['display-only-sample', 1, 'Product display-only-sample is not for sale'],
    ['trail-tshirt', 1, 'Product trail-tshirt is a variation master: add one of its variations'],
    ['socks-pair-pack', 1, 'Quantity of socks-pair-pack must be at least 2'],
    ['socks-pair-pack', 3, 'Quantity of socks-pair-pack must be a multiple of 2'],
  ])('answers 400 for %s × %i', async (productId, quantity, message) => {
    const { cartId, cartToken } = await createCart();

    const response = await call(`/demo/carts/${cartId}/line-items`, {
      method: 'POST',
      cartToken,
      body: { productId, quantity },
    });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe(message);
  });

  it('answers 400 for a missing body', async () => {
    const { cartId, cartToken } = await createCart();

    const response = await call(`/demo/carts/${cartId}/line-items`, { method: 'POST', cartToken });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('body');
  });
});

describe('totals with two tax classes (docs/money-and-totals.md)', () => {
  // 2 × espresso-beans 14.90 (7 %) + 1 × merino-beanie 24.90 (19 %), worked by hand.
  const lineItems = [
    { productId: 'espresso-beans', quantity: 2 },
    { productId: 'merino-beanie', quantity: 1 },
  ];

  it('GROSS: net = round(gross / (1 + rate)) per class', async () => {
    // 7 %: 29.80 → net 27.85, tax 1.95; 19 %: 24.90 → net 20.92, tax 3.98
    const { response } = await createCart('demo', { taxType: 'GROSS', lineItems });

    expect(response.body.lineItemContainer).toMatchObject({
      lineItemsSubTotal: eur(54.7, '€54.70'),
      totalBeforeTax: eur(48.77, '€48.77', 'NET'),
      totalTax: eur(5.93, '€5.93', 'NONE'),
      grandTotal: eur(54.7, '€54.70'),
    });
  });

  it('NET: prices net of tax, tax added per class', async () => {
    // unit nets: 14.90 / 1.07 = 13.93, 24.90 / 1.19 = 20.92; 7 %: 27.86 → tax 1.95; 19 %: 20.92 → tax 3.97
    const { response } = await createCart('demo', { taxType: 'NET', locale: 'de_DE', lineItems });

    const container = response.body.lineItemContainer;
    expect(container.productLineItems[0].singleItemPrice).toEqual(eur(13.93, de(13.93), 'NET'));
    expect(container).toMatchObject({
      lineItemsSubTotal: eur(48.78, de(48.78), 'NET'),
      totalBeforeTax: eur(48.78, de(48.78), 'NET'),
      totalTax: eur(5.92, de(5.92), 'NONE'),
      grandTotal: eur(54.7, de(54.7), 'NET'),
    });
  });
});
