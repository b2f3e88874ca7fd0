import { PDFDocument, PDFName, type PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { documentLabels } from '../../lib/domain/documents/labels';
import { pdfBase64, renderDocumentPdf } from '../../lib/domain/documents/pdf';
import { formatIssueDate, formatRate, localeTag } from '../../lib/domain/documents/pdf-format';
import { formatMoney } from '../../lib/domain/money/money';
import type { DocumentRecord, OrderLine } from '../../lib/domain/orders/order';
import { pageContents, pdfTexts } from '../support/pdf-text';

/** An ordered line of `quantity` × `unitPrice` minor units. */
function orderLine(position: number, unitPrice: number, quantity = 1): OrderLine {
  return {
    lineItemId: `line-${position}`,
    productId: `product-${position}`,
    sku: `SKU-${1000 + position}`,
    name: `Trail T-Shirt ${position}`,
    variationString: position % 2 === 0 ? 'Size: M' : null,
    quantity,
    unit: 'piece',
    unitPrice,
    amount: unitPrice * quantity,
    taxClassId: 'standard',
    taxPercentage: '19',
  };
}

/** A GROSS invoice over two lines (2 × 19.99 + 1 × 49.00 + 4.95 shipping), 19 % VAT. */
function invoice(overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    shopId: 'demo',
    orderId: 'order-1',
    orderNumber: '10001',
    documentId: 'document-1',
    documentType: 'Invoice',
    documentNumber: 'RE-2024-0001',
    issueDate: '2024-03-15T10:00:00.000Z',
    createdAt: '2024-03-15T10:00:00.000Z',
    locale: 'de_DE',
    currency: 'EUR',
    taxModel: 'GROSS',
    address: {
      company: 'Muster GmbH',
      firstName: 'Anna',
      lastName: 'Schmidt',
      street: 'Hauptstraße 1',
      streetDetails: '3. OG',
      zipCode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    shippingAddress: null,
    customerNumber: 'C-1001',
    lines: [orderLine(1, 1999, 2), orderLine(2, 4900)],
    taxes: [
      { taxClassId: 'standard', name: 'Standard', percentage: '19', net: 8139, tax: 1547, gross: 9686 },
    ],
    totals: {
      lineItemsSubTotal: 8898,
      shipping: 495,
      payment: 0,
      coupon: -500,
      basketDiscount: 0,
      grandTotal: 8893,
      totalBeforeTax: 7473,
      totalTax: 1420,
    },
    seller: {
      name: 'Demo Outdoor GmbH',
      address: { street: 'Marktplatz 7', zipCode: '20095', city: 'Hamburg', country: 'DE' },
    },
    lineItemContainer: null,
    ...overrides,
  };
}

/** Renders a document and collects every string drawn on it. */
async function render(doc: DocumentRecord) {
  const texts: string[] = [];
  const bytes = await renderDocumentPdf(doc, { onText: (text) => texts.push(text) });
  return { bytes, texts, all: texts.join('\n') };
}

describe('renderDocumentPdf', () => {
  it('renders a one-page A4 PDF that loads again, with title and dates from the document', async () => {
    // Prepare
    const doc = invoice();

    // Act
    const { bytes } = await render(doc);

    // Assess
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(pdf.getTitle()).toBe('Rechnung RE-2024-0001');
    expect(pdf.getAuthor()).toBe('Demo Outdoor GmbH');
    expect(pdf.getSubject()).toBe('Bestellnummer 10001');
    expect(pdf.getProducer()).toBe('shop-api');
    expect(pdf.getCreationDate()?.toISOString()).toBe('2024-03-15T10:00:00.000Z');
    expect(pdf.getModificationDate()?.toISOString()).toBe('2024-03-15T10:00:00.000Z');
    expect((pdf.catalog.get(PDFName.of('Lang')) as PDFString).decodeText()).toBe('de-DE');
  });

  it('draws the printed strings into the page as WinAnsi text in Helvetica', async () => {
    // Prepare
    const doc = invoice();

    // Act
    const { bytes, texts } = await render(doc);

    // Assess
    const [content = ''] = pageContents(bytes);
    expect(texts).toContain('Hauptstraße 1');
    expect(content).toContain('(Hauptstra\xdfe 1) Tj');
    expect(content).toContain('(Rechnung RE-2024-0001) Tj');
    expect(content).toContain(`(${formatMoney(8893, 'EUR', 'de_DE').replace('€', '\x80')}) Tj`);
    expect(content.match(/ Tj\n/g)).toHaveLength(texts.length);
    expect(pdfTexts(bytes)).toEqual(texts);
    expect(Buffer.from(bytes).toString('latin1')).toContain(
      '/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding',
    );
  });

  it('prints a decimal quantity exactly, in the locale, with its unit', async () => {
    // Prepare: 0.75 kg at 27.90 = 20.925 → 20.93 (half up)
    const line = { ...orderLine(1, 2790), quantity: 0.75, unit: 'kg', amount: 2093 };
    const german = invoice({ lines: [line] });
    const english = invoice({ lines: [line], locale: 'en_GB' });

    // Act
    const [de, en] = await Promise.all([render(german), render(english)]);

    // Assess
    const eur = (minor: number) => formatMoney(minor, 'EUR', 'de_DE');
    expect(de.texts).toEqual(expect.arrayContaining(['0,75 kg', eur(2790), eur(2093)]));
    expect(en.texts).toEqual(expect.arrayContaining(['0.75 kg', '€27.90', '€20.93']));
  });

  it('renders the same document to the same bytes', async () => {
    // Prepare
    const doc = invoice();

    // Act
    const first = await renderDocumentPdf(doc);
    const second = await renderDocumentPdf(doc);

    // Assess
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });

  it('prints a German invoice with seller, recipient, facts, lines and totals', async () => {
    // Prepare
    const doc = invoice();
    const eur = (minor: number) => formatMoney(minor, 'EUR', 'de_DE');

    // Act
    const { texts, all } = await render(doc);

    // Assess
    expect(texts).toContain('Rechnung RE-2024-0001');
    expect(texts).toContain('Demo Outdoor GmbH');
    expect(all).toContain('Demo Outdoor GmbH · Marktplatz 7 · 20095 Hamburg · Deutschland');
    for (const line of [
      'Muster GmbH',
      'Anna Schmidt',
      'Hauptstraße 1',
      '3. OG',
      '10115 Berlin',
      'Deutschland',
    ])
      expect(texts).toContain(line);
    expect(texts).toEqual(expect.arrayContaining(['15.03.2024', '10001', 'C-1001', 'Kundennummer']));
    expect(texts).toEqual(expect.arrayContaining(['Trail T-Shirt 1', 'SKU-1001', '2 piece', 'Size: M']));
    expect(texts).toEqual(expect.arrayContaining([eur(1999), eur(3998), eur(4900)]));
    expect(texts).toContain(`inkl. 19 % MwSt. auf netto ${eur(8139)}`);
    expect(texts).toEqual(
      expect.arrayContaining(['Zwischensumme', eur(8898), 'Versand', eur(495), 'Gutschein', eur(-500)]),
    );
    expect(texts).toEqual(expect.arrayContaining(['Gesamtbetrag', eur(8893), eur(7473), eur(1420)]));
    expect(texts).toContain('Seite 1 von 1');
  });

  it('leaves out payment and basket discount when they are zero', async () => {
    // Prepare
    const doc = invoice();

    // Act
    const { texts } = await render(doc);

    // Assess
    expect(texts).not.toContain('Zahlungsgebühr');
    expect(texts).not.toContain('Warenkorbrabatt');
  });

  it('prints an English NET credit note with what it refers to and the credited amounts', async () => {
    // Prepare
    const doc = invoice({
      documentType: 'CreditNote',
      documentNumber: 'GS-7',
      locale: 'en_GB',
      taxModel: 'NET',
      totals: { ...invoice().totals, payment: 150, basketDiscount: -250 },
    });
    const gbp = (minor: number) => formatMoney(minor, 'EUR', 'en_GB');

    // Act
    const { bytes, texts, all } = await render(doc);

    // Assess
    expect(texts).toContain('Credit note GS-7');
    expect(all).toContain('This credit note refers to order 10001');
    expect(texts).toEqual(expect.arrayContaining(['15/03/2024', 'Customer number', 'Germany']));
    expect(texts).toContain(`plus 19 % VAT on ${gbp(8139)}`);
    expect(texts).toEqual(expect.arrayContaining(['Payment fee', gbp(150), 'Basket discount', gbp(-250)]));
    expect(texts).toEqual(expect.arrayContaining(['Total credited', gbp(8893)]));
    expect(texts).toContain('Page 1 of 1');
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Credit note GS-7');
  });

  it('prints a delivery address only when it differs from the billing address', async () => {
    // Prepare
    const billing = invoice().address;
    const same = invoice({ shippingAddress: { ...billing } });
    const other = invoice({ shippingAddress: { ...billing, street: 'Nebenweg 2' } });

    // Act
    const sameTexts = (await render(same)).texts;
    const otherTexts = (await render(other)).texts;

    // Assess
    expect(sameTexts).not.toContain('Lieferadresse');
    expect(otherTexts).toEqual(expect.arrayContaining(['Lieferadresse', 'Nebenweg 2']));
  });

  it('spreads 60 lines over several pages, repeating the table header and numbering the pages', async () => {
    // Prepare
    const lines = Array.from({ length: 60 }, (_, i) => orderLine(i + 1, 1000 + i));
    const doc = invoice({ lines, locale: 'en_GB' });

    // Act
    const { bytes, texts } = await render(doc);

    // Assess
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(texts.filter((text) => text === 'Unit price')).toHaveLength(pages);
    expect(texts).toContain(`Page 1 of ${pages}`);
    expect(texts).toContain(`Page ${pages} of ${pages}`);
    expect(texts).toEqual(expect.arrayContaining(['Trail T-Shirt 1', 'Trail T-Shirt 60', '60']));
  });

  it('prints characters outside WinAnsi as close ASCII forms or "?" instead of failing', async () => {
    // Prepare
    const doc = invoice({
      address: {
        firstName: 'Łukasz',
        lastName: 'Żółć',
        street: 'Łódź 東京 😀',
        city: 'Kraków',
        country: 'PL',
      },
      lines: [{ ...orderLine(1, 1000), name: 'Ω-Jacke\u2009–\u202fgrün' }],
    });

    // Act
    const { bytes, texts } = await render(doc);

    // Assess
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    expect(texts).toEqual(expect.arrayContaining(['Lukasz Zólc', 'Lódz ?? ?', 'Kraków', '?-Jacke – grün']));
  });

  it('prints figures too wide for their column whole (shrunk, never cut)', async () => {
    // Prepare
    const huge = 99_999_999_999;
    const doc = invoice({ lines: [{ ...orderLine(1, huge), amount: huge }] });

    // Act
    const { texts } = await render(doc);

    // Assess
    expect(texts.filter((text) => text === formatMoney(huge, 'EUR', 'de_DE'))).toHaveLength(2);
  });
});

describe('pdfBase64', () => {
  it('encodes the PDF as one base64 line that decodes to the same bytes', async () => {
    // Prepare
    const bytes = await renderDocumentPdf(
      invoice({ lines: Array.from({ length: 30 }, (_, i) => orderLine(i, 99)) }),
    );

    // Act
    const text = pdfBase64(bytes);

    // Assess
    expect(text).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(new Uint8Array(Buffer.from(text, 'base64'))).toEqual(bytes);
  });

  it('encodes a view into a larger buffer by its own bytes only', () => {
    // Prepare
    const view = new Uint8Array([0, 1, 2, 3, 4, 5]).subarray(2, 5);

    // Act
    const text = pdfBase64(view);

    // Assess
    expect(text).toBe(Buffer.from([2, 3, 4]).toString('base64'));
  });
});

describe('document texts', () => {
  it('writes rates exactly, in the locale style, without trailing zeros', () => {
    // Prepare
    const rates = ['19', '7.70', '0', '2.5'];

    // Act
    const german = rates.map((rate) => formatRate(rate, 'de-DE'));
    const english = rates.map((rate) => formatRate(rate, 'en-GB'));

    // Assess
    expect(german).toEqual(['19 %', '7,7 %', '0 %', '2,5 %']);
    expect(english).toEqual(['19 %', '7.7 %', '0 %', '2.5 %']);
  });

  it('dates the document in UTC, so it prints the same day everywhere', () => {
    // Prepare
    const lateEvening = '2024-03-15T23:30:00.000Z';

    // Act
    const german = formatIssueDate(lateEvening, 'de-DE');

    // Assess
    expect(german).toBe('15.03.2024');
  });

  it('prints German for de_* locales and English for all others, falling back on unusable locales', () => {
    // Prepare
    const locales = ['de_DE', 'de_AT', 'en_GB', 'fr_FR'];

    // Act
    const titles = locales.map((locale) => documentLabels(locale).title.Invoice);

    // Assess
    expect(titles).toEqual(['Rechnung', 'Rechnung', 'Invoice', 'Invoice']);
    expect(localeTag('de_DE')).toBe('de-DE');
    expect(localeTag('not a locale!')).toBe('en');
  });
});
