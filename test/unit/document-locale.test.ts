import { describe, expect, it } from 'vitest';
import { documentInLocale } from '../../lib/domain/documents/locale';
import type { DocumentRecord } from '../../lib/domain/orders/order';

/** A German invoice of one line as stored, with its container as the cart rendered it. */
function germanInvoice(names = true): DocumentRecord {
  const line = {
    lineItemId: 'l1',
    productId: 'beans',
    sku: 'RB-1',
    name: 'Bohnen',
    variationString: null,
    ...(names ? { names: { de_DE: 'Bohnen', en_GB: 'Beans' }, variationStrings: null } : {}),
    quantity: 0.75,
    unit: 'kg',
    unitPrice: 2790,
    amount: 2093,
    taxClassId: 'reduced',
    taxPercentage: '7',
  };
  const eur = (amount: number, formatted: string, taxType = 'GROSS') => ({
    taxType,
    amount,
    currency: 'EUR',
    formatted,
  });
  return {
    shopId: 's',
    orderId: 'o',
    orderNumber: '7',
    documentId: 'd',
    documentType: 'Invoice',
    documentNumber: '3',
    issueDate: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    locale: 'de_DE',
    currency: 'EUR',
    taxModel: 'GROSS',
    address: {},
    shippingAddress: null,
    customerNumber: 'C-1',
    lines: [line],
    taxes: [
      {
        taxClassId: 'reduced',
        name: 'Ermäßigt',
        names: { de_DE: 'Ermäßigt', en_GB: 'Reduced rate' },
        percentage: '7',
        net: 1956,
        tax: 137,
        gross: 2093,
      },
    ],
    totals: {
      lineItemsSubTotal: 2093,
      shipping: 0,
      payment: 0,
      coupon: 0,
      basketDiscount: 0,
      grandTotal: 2093,
      totalBeforeTax: 1956,
      totalTax: 137,
    },
    seller: { name: 'Shop', address: {} },
    lineItemContainer: {
      grandTotal: eur(20.93, '20,93 €'),
      totalTax: eur(1.37, '1,37 €', 'NONE'),
      productLineItems: [
        {
          lineItemId: 'l1',
          productId: 'beans',
          name: 'Bohnen',
          variationString: null,
          quantity: { amount: 0.75, unit: 'kg' },
          lineItemPrice: eur(20.93, '20,93 €'),
          taxClass: { taxClassId: 'reduced', name: 'Ermäßigt', percentage: 7 },
          additionalInformation: {
            bulkPriceInfo: [{ priceSavings: { percent: { percentage: 7.17, formatted: '7,17 %' } } }],
          },
        },
      ],
    },
  };
}

describe('documentInLocale', () => {
  it('rewrites texts and formats into the locale and leaves every figure as stored', () => {
    // Act
    const english = documentInLocale(germanInvoice(), 'en_GB');

    // Assess
    const container = english.lineItemContainer as any;
    expect(english.locale).toBe('en_GB');
    expect(english.lines[0]).toMatchObject({ name: 'Beans', amount: 2093, quantity: 0.75 });
    expect(english.taxes[0]?.name).toBe('Reduced rate');
    expect(english.totals).toEqual(germanInvoice().totals);
    expect(container.grandTotal).toEqual({
      taxType: 'GROSS',
      amount: 20.93,
      currency: 'EUR',
      formatted: '€20.93',
    });
    expect(container.totalTax.taxType).toBe('NONE');
    expect(container.productLineItems[0]).toMatchObject({
      name: 'Beans',
      quantity: { amount: 0.75, unit: 'kg' },
      lineItemPrice: { formatted: '€20.93', amount: 20.93 },
      taxClass: { taxClassId: 'reduced', name: 'Reduced rate', percentage: 7 },
    });
    expect(container.productLineItems[0].additionalInformation.bulkPriceInfo[0].priceSavings.percent).toEqual(
      {
        percentage: 7.17,
        formatted: '7.17%',
      },
    );
  });

  it('keeps the order-language name of an order stored before names were kept per locale', () => {
    const english = documentInLocale(germanInvoice(false), 'en_GB');

    expect(english.lines[0]?.name).toBe('Bohnen');
    expect((english.lineItemContainer as any).productLineItems[0].name).toBe('Bohnen');
  });

  it('answers the document itself in its own locale', () => {
    const doc = germanInvoice();

    expect(documentInLocale(doc, 'de_DE')).toBe(doc);
  });
});
