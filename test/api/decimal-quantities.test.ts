import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { pdfTexts } from '../support/pdf-text';
import { privateDemoShop } from '../support/shops';

/**
 * A product sold by weight (docs/carts-and-orders.md "Carts and checkout": quantity "a positive number, at
 * least the product's minOrder, a whole multiple of intervalOrder"): the demo's filter coffee, 27.90 per kg,
 * 25.90 per kg from 1 kg, in steps of 0.25 kg, reduced tax rate 7 %. Figures worked by hand
 * (docs/money-and-totals.md "Decimal quantities"): 0.75 kg × 27.90 = 20.925 → 20.93 (half up);
 * 1.25 kg × 25.90 = 32.375 → 32.38; net round(32.38 / 1.07) = 30.26, tax 2.12.
 */
const COFFEE = 'filter-coffee-by-weight';

describe('decimal quantities end to end', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('decimals');
  });

  it('adds 0.75 kg, raises and sets it to 1.25 kg, and orders and invoices exactly that', async () => {
    // Act: add 0.75 kg, then 0.25 kg more (one line of 1 kg), then set 1.25 kg
    const cart = await newCart(shop, { lineItems: [{ productId: COFFEE, quantity: 0.75 }] });
    const line = cart.response.body.lineItemContainer.productLineItems[0];
    const raised = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: COFFEE, quantity: 0.25 },
    });
    const set = await cart.call(`/line-items/${line.lineItemId}`, {
      method: 'PUT',
      body: { quantity: 1.25 },
    });

    // Assess: the cart
    expect(line).toMatchObject({
      productId: COFFEE,
      quantity: { amount: 0.75, unit: 'kg' },
      singleItemPrice: { amount: 27.9, formatted: '€27.90' },
      lineItemPrice: { amount: 20.93, formatted: '€20.93' },
    });
    expect(raised.status).toBe(201);
    expect(raised.body.lineItemContainer.productLineItems).toHaveLength(1);
    expect(raised.body.lineItemContainer.productLineItems[0]).toMatchObject({
      quantity: { amount: 1, unit: 'kg' },
      singleItemPrice: { amount: 25.9 },
      lineItemPrice: { amount: 25.9 },
    });
    expect(set.status).toBe(200);
    const container = set.body.lineItemContainer;
    expect(container.productLineItems[0]).toMatchObject({
      quantity: { amount: 1.25, unit: 'kg' },
      singleItemPrice: { amount: 25.9, formatted: '€25.90' },
      lineItemPrice: { amount: 32.38, formatted: '€32.38' },
    });
    expect(container).toMatchObject({
      lineItemsSubTotal: { amount: 32.38 },
      totalBeforeTax: { amount: 30.26 },
      totalTax: { amount: 2.12 },
      grandTotal: { amount: 32.38 },
    });

    // Act: order, invoice, documents with the PDF
    await cart.call('/billing-address', { method: 'PUT', body: BILLING });
    const order = await cart.call('/order', { method: 'POST' });
    const invoice = await call(`/${shop}/orders/${order.body.orderId}/documents`, {
      method: 'POST',
      body: { documentType: 'Invoice' },
    });
    const listed = await call(`/${shop}/orders/${order.body.orderId}/documents?includePdf=true`);

    // Assess: order, document and PDF show 1.25 kg and the same figures
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ grandTotal: '32.38', totalBeforeTax: '30.26', totalTax: '2.12' });
    expect(order.body.lineItemContainer.productLineItems[0]).toMatchObject({
      quantity: { amount: 1.25, unit: 'kg' },
      lineItemPrice: { amount: 32.38 },
    });
    expect(invoice.status).toBe(201);
    expect(invoice.body.lineItemContainer).toEqual(order.body.lineItemContainer);
    const texts = pdfTexts(Buffer.from(listed.body.items[0].documentPdf, 'base64'));
    expect(texts).toEqual(expect.arrayContaining(['1.25 kg', '€25.90', '€32.38']));
  });

  it.each([
    [0.1, 'Quantity of filter-coffee-by-weight must be at least 0.25'],
    [0.7, 'Quantity of filter-coffee-by-weight must be a multiple of 0.25'],
    [0.2505, 'expected at most 3 decimals'],
    [0, 'expected a positive number'],
    [-0.25, 'expected a positive number'],
  ])('answers 400 naming quantity for %s kg', async (quantity, message) => {
    const cart = await newCart(shop);

    const response = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: COFFEE, quantity },
    });

    expect(response.status).toBe(400);
    expect(response.body.status).toBe('400');
    expect(response.body.errors).toEqual([{ field: 'quantity', message }]);
  });

  it('answers 400 for a quantity that breaks the rules on PUT, and a fraction of a whole-unit product', async () => {
    const cart = await newCart(shop, {
      lineItems: [
        { productId: COFFEE, quantity: 0.5 },
        { productId: 'espresso-beans', quantity: 1 },
      ],
    });
    const [coffeeLine, beansLine] = cart.response.body.lineItemContainer.productLineItems;

    const offStep = await cart.call(`/line-items/${coffeeLine.lineItemId}`, {
      method: 'PUT',
      body: { quantity: 1.3 },
    });
    const halfPack = await cart.call(`/line-items/${beansLine.lineItemId}`, {
      method: 'PUT',
      body: { quantity: 1.5 },
    });
    const created = await call(`/${shop}/carts`, {
      method: 'POST',
      body: { lineItems: [{ productId: COFFEE, quantity: 0.125 }] },
    });

    expect(offStep.status).toBe(400);
    expect(offStep.body.errors).toEqual([
      { field: 'quantity', message: 'Quantity of filter-coffee-by-weight must be a multiple of 0.25' },
    ]);
    expect(halfPack.status).toBe(400);
    expect(halfPack.body.errors).toEqual([
      { field: 'quantity', message: 'Quantity of espresso-beans must be a multiple of 1' },
    ]);
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([
      {
        field: 'lineItems[0].quantity',
        message: 'Quantity of filter-coffee-by-weight must be at least 0.25',
      },
    ]);
  });

  it('shows the product with its decimal order rules and bulk tier', async () => {
    const response = await call(`/${shop}/products/${COFFEE}`);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ minOrder: 0.25, intervalOrder: 0.25, orderUnit: 'kg' });
    expect(response.body.bulkPriceInfo[0]).toMatchObject({
      quantity: { amount: 1, unit: 'kg' },
      price: { amount: 25.9 },
    });
  });
});
