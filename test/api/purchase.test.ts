import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCart } from '../support/api';
import { privateDemoShop } from '../support/shops';

/**
 * The whole purchase through the API, for a GROSS and a NET shop: create cart → add lines →
 * coupon → addresses → shipping → payment → order → invoice PDF. Figures worked by hand:
 * 2 × espresso beans 14.90 (7 %) + 1 × beanie 24.90 (19 %) = 54.70; WELCOME10 = −5.47, spread
 * 2.98 / 2.49; shipping 4.90 spread 2.67 / 2.23 (largest remainder). Base per class: 7 % 29.49,
 * 19 % 24.64.
 */
const expected = {
  GROSS: { grandTotal: '54.13', totalBeforeTax: '48.27', totalTax: '5.86' }, // nets 27.56 + 20.71
  NET: { grandTotal: '60.87', totalBeforeTax: '54.13', totalTax: '6.74' }, // taxes 2.06 + 4.68
};

/** The taxType of each Money of a cart or order that the tests pin, by field. */
function taxTypes(body: any) {
  const container = body.lineItemContainer;
  return {
    grandTotal: container.grandTotal.taxType,
    lineItemsSubTotal: container.lineItemsSubTotal.taxType,
    totalBeforeTax: container.totalBeforeTax.taxType,
    totalTax: container.totalTax.taxType,
    shippingPrice: container.shippingPrice.taxType,
    coupon: container.couponLineItem.lineItemPrice.taxType,
    lines: container.productLineItems.map((l: any) => l.lineItemPrice.taxType),
    shippingTaxes: body.shippingData.taxes.map((t: any) => t.price.taxType),
  };
}

describe.each(['GROSS', 'NET'] as const)('purchase walk-through in a %s shop', (model) => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop(`buy-${model.toLowerCase()}`, (file) => ({
      ...file,
      settings: { ...file.settings, taxModel: { ...file.settings.taxModel, model } },
    }));
  });

  it('prices every step and turns the cart into exactly the order and invoice it showed', async () => {
    // Prepare: a cart with two tax classes
    const { cartId, cartToken } = await createCart(shop, {
      lineItems: [{ productId: 'espresso-beans', quantity: 2 }],
    });
    const cart = (path: string, options: Parameters<typeof call>[1] = {}) =>
      call(`/${shop}/carts/${cartId}${path}`, { cartToken, ...options });
    expect(
      (await cart('/line-items', { method: 'POST', body: { productId: 'merino-beanie', quantity: 1 } }))
        .status,
    ).toBe(201);

    // Act: coupon, addresses, shipping, payment
    const coupon = await cart('/coupon', {
      method: 'POST',
      rawBody: 'code=WELCOME10',
      contentType: 'application/x-www-form-urlencoded',
    });
    const billing = await cart('/billing-address', {
      method: 'PUT',
      body: {
        firstName: 'Ida',
        lastName: 'Buyer',
        street: 'Marktplatz 1',
        zipCode: '79098',
        city: 'Freiburg',
        country: 'DE',
        emailAddress: `ida.${shop}@example.com`,
      },
    });
    const shipping = await cart('/shipping-address', {
      method: 'PUT',
      body: { firstName: 'Ida', lastName: 'Buyer', country: 'DE' },
    });
    const shippingData = await cart('/shipping-data', { method: 'PUT', body: { id: 'dhl-standard' } });
    const paymentData = await cart('/payment-data', { method: 'PUT', body: { name: 'Invoice' } });
    const shown = await cart('');

    // Assess: the cart
    for (const step of [coupon, billing, shipping, shippingData, paymentData, shown])
      expect(step.status).toBe(200);
    const container = shown.body.lineItemContainer;
    expect(container.couponLineItem).toMatchObject({
      code: 'WELCOME10',
      lineItemPrice: { amount: -5.47 },
      validationErrors: [],
    });
    expect(container.productLineItems.map((l: any) => l.lineItemCouponDiscount.amount)).toEqual([
      -2.98, -2.49,
    ]);
    expect(container.shippingPrice.amount).toBe(4.9);
    expect(shown.body.paymentData).toMatchObject({
      paymentMethod: null,
      transactionId: null,
      price: { amount: 0 },
    });
    expect(shown.body.shippingData.shippingMethod).toEqual({
      id: 'dhl-standard',
      name: 'Standard delivery (DHL)',
    });
    expect(shown.body.links.map((l: any) => l.rel)).toEqual(['self', 'shipping-method', 'remove-coupon']);
    expect(container.grandTotal.amount).toBe(Number(expected[model].grandTotal));
    expect(container.totalTax.amount).toBe(Number(expected[model].totalTax));
    // The taxType of every Money as the original API renders it (docs/money-and-totals.md).
    expect(taxTypes(shown.body)).toEqual({
      grandTotal: model,
      lineItemsSubTotal: model,
      totalBeforeTax: 'NET',
      totalTax: 'NONE',
      shippingPrice: model,
      coupon: 'NONE',
      lines: [model, model],
      shippingTaxes: ['NONE', 'NONE'],
    });

    // Act: order and invoice
    const order = await cart('/order', { method: 'POST' });
    const invoice = await call(`/${shop}/orders/${order.body.orderId}/documents`, {
      method: 'POST',
      body: { documentType: 'Invoice' },
    });
    const documents = await call(`/${shop}/orders/${order.body.orderId}/documents?includePdf=true`);
    const after = await cart('');

    // Assess: the order, frozen as the cart showed it
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      ...expected[model],
      taxModel: model,
      currencyId: 'EUR',
      locale: 'en_GB',
      orderNumber: '1',
    });
    expect(order.body.lineItemContainer).toEqual(container);
    expect(order.body.paymentData.paymentMethod).toMatchObject({ name: 'Invoice' });
    expect(order.body.customerNumber).toMatch(/^C-\d+$/);
    expect(after.status).toBe(410);
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({ documentType: 'Invoice', documentNumber: '1', documentPdf: null });
    expect(invoice.body.lineItemContainer).toEqual(container);
    expect(order.body.shippingData).toEqual(shown.body.shippingData);
    const pdf = documents.body.items[0].documentPdf as string;
    expect(pdf).not.toMatch(/\s/);
    expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const reread = await call(`/${shop}/orders/${order.body.orderId}`);
    expect(reread.body.invoicedOn).toBe(invoice.body.creationDate);
  });
});
