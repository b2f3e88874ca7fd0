import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { BILLING, newCart, orderableCart } from '../support/carts';
import { pdfTexts } from '../support/pdf-text';
import { privateDemoShop } from '../support/shops';

describe('order documents', () => {
  let shop: string;
  const order = async () => (await (await orderableCart(shop)).call('/order', { method: 'POST' })).body;
  const finalize = (orderId: string, documentType: string) =>
    call(`/${shop}/orders/${orderId}/documents`, { method: 'POST', body: { documentType } });
  beforeAll(async () => {
    shop = await privateDemoShop('documents');
  });

  it('finalizes an invoice, then a credit note, numbered in one shop sequence, listed by number', async () => {
    const first = await order();
    const second = await order();

    const invoice = await finalize(first.orderId, 'Invoice');
    const otherInvoice = await finalize(second.orderId, 'Invoice');
    const credit = await finalize(first.orderId, 'CreditNote');
    const listed = await call(`/${shop}/orders/${first.orderId}/documents`);

    expect([invoice.status, otherInvoice.status, credit.status]).toEqual([201, 201, 201]);
    expect([
      invoice.body.documentNumber,
      otherInvoice.body.documentNumber,
      credit.body.documentNumber,
    ]).toEqual(['1', '2', '3']);
    expect(invoice.body).toMatchObject({
      orderId: first.orderId,
      documentType: 'Invoice',
      address: first.billingAddress,
      lineItemContainer: first.lineItemContainer,
      documentPdf: null,
      links: [{ rel: 'order', href: expect.stringContaining(`/${shop}/orders/${first.orderId}`) }],
    });
    expect(listed.body).toMatchObject({ results: 2, page: 1, resultsPerPage: 10 });
    expect(listed.body.items.map((d: any) => d.documentType)).toEqual(['Invoice', 'CreditNote']);
  });

  it('refuses a second invoice, a credit note without invoice and a second credit note (409)', async () => {
    const invoiced = await order();
    const plain = await order();
    await finalize(invoiced.orderId, 'Invoice');
    await finalize(invoiced.orderId, 'CreditNote');

    const secondInvoice = await finalize(invoiced.orderId, 'Invoice');
    const secondCredit = await finalize(invoiced.orderId, 'CreditNote');
    const creditFirst = await finalize(plain.orderId, 'CreditNote');

    expect([secondInvoice.status, secondCredit.status, creditFirst.status]).toEqual([409, 409, 409]);
  });

  it('renders a real PDF in the order language with includePdf=true', async () => {
    const german = await orderableCart(shop);
    await german.call('/line-items', { method: 'POST', body: { productId: 'merino-beanie', quantity: 1 } });
    const cart = await call(`/${shop}/carts`, {
      method: 'POST',
      body: { locale: 'de_DE', lineItems: [{ productId: 'espresso-beans', quantity: 2 }] },
    });
    const token = cart.headers.get('x-service-cart-token') as string;
    await call(`/${shop}/carts/${cart.body.cartId}/billing-address`, {
      method: 'PUT',
      cartToken: token,
      body: { lastName: 'Müller', country: 'DE', emailAddress: 'mueller@example.com' },
    });
    const placed = await call(`/${shop}/carts/${cart.body.cartId}/order`, {
      method: 'POST',
      cartToken: token,
    });
    await finalize(placed.body.orderId, 'Invoice');

    const listed = await call(`/${shop}/orders/${placed.body.orderId}/documents?includePdf=true`);

    const base64 = listed.body.items[0].documentPdf as string;
    expect(base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const pdf = await PDFDocument.load(Buffer.from(base64, 'base64'));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toContain('Rechnung');
  });

  it('answers in ?locale= (texts, formats, PDF), else in the order language; an unknown locale gets the shop default', async () => {
    // Prepare: a German order (2 × espresso beans 14.90, reduced rate) with its invoice
    const cart = await newCart(shop, {
      locale: 'de_DE',
      lineItems: [{ productId: 'espresso-beans', quantity: 2 }],
    });
    await cart.call('/billing-address', { method: 'PUT', body: BILLING });
    const placed = (await cart.call('/order', { method: 'POST' })).body;
    await finalize(placed.orderId, 'Invoice');
    const documents = (query: string) =>
      call(`/${shop}/orders/${placed.orderId}/documents?includePdf=true${query}`);

    // Act
    const [asOrdered, english, german, unknown] = await Promise.all([
      documents(''),
      documents('&locale=en_GB'),
      documents('&locale=de_DE'),
      documents('&locale=fr_FR'),
    ]);

    // Assess: what each shows of the same document
    const shown = (response: Awaited<ReturnType<typeof documents>>) => {
      const [item] = response.body.items;
      const line = item.lineItemContainer.productLineItems[0];
      const texts = pdfTexts(Buffer.from(item.documentPdf, 'base64'));
      return {
        status: response.status,
        total: item.lineItemContainer.grandTotal,
        line: { name: line.name, taxClass: line.taxClass.name, price: line.lineItemPrice.formatted },
        pdf: { title: texts.find((t) => /^(Rechnung|Invoice) /.test(t)), quantity: texts.includes('Menge') },
        number: item.documentNumber,
      };
    };
    const euro = (tag: string) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(29.8);
    const inGerman = {
      status: 200,
      total: { taxType: 'GROSS', amount: 29.8, currency: 'EUR', formatted: euro('de-DE') },
      line: {
        name: 'Schwarzwald-Espresso, ganze Bohne 500 g',
        taxClass: 'Ermäßigter Steuersatz',
        price: euro('de-DE'),
      },
      pdf: { title: expect.stringMatching(/^Rechnung /), quantity: true },
      number: expect.any(String),
    };
    const inEnglish = {
      ...inGerman,
      total: { ...inGerman.total, formatted: '€29.80' },
      line: { name: 'Black Forest Espresso, whole beans 500 g', taxClass: 'Reduced rate', price: '€29.80' },
      pdf: { title: expect.stringMatching(/^Invoice /), quantity: false },
    };
    expect(shown(asOrdered)).toEqual(inGerman);
    expect(shown(german)).toEqual(inGerman);
    expect(shown(english)).toEqual(inEnglish);
    expect(shown(unknown)).toEqual(inEnglish);
    expect(english.body.items[0].documentNumber).toBe(german.body.items[0].documentNumber);
  });

  it('answers 404 for an unknown order, 400 for a bad type or paging, 403 without scope', async () => {
    const placed = await order();

    const unknown = await finalize('nope', 'Invoice');
    const unknownList = await call(`/${shop}/orders/nope/documents`);
    const badType = await finalize(placed.orderId, 'Receipt');
    const badPage = await call(`/${shop}/orders/${placed.orderId}/documents?resultsPerPage=101`);
    const noScope = await call(`/${shop}/orders/${placed.orderId}/documents`, {
      method: 'POST',
      token: tokenFor(shop, ['orders_read']),
      body: { documentType: 'Invoice' },
    });

    expect([unknown.status, unknownList.status, badType.status, badPage.status, noScope.status]).toEqual([
      404, 404, 400, 400, 403,
    ]);
  });
});
