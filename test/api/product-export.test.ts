import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { type ApiResponse, call, tokenFor } from '../support/api';
import { parseCsv } from '../support/csv';
import { privateDemoShop } from '../support/shops';

/**
 * GET /products/export (docs/catalog.md "Export"): 303 to a presigned CSV, one file per catalog version and
 * locale.
 */

const exportOf = (shop: string, query = '') => call<{ url: string }>(`/${shop}/products/export${query}`);

/** The file behind a 303, fetched as a client follows it: no Authorization, no vendor Accept. */
async function file(answer: ApiResponse<{ url: string }>) {
  const response = await fetch(answer.headers.get('location') as string);
  const text = await response.text();
  return { response, text, rows: parseCsv(text) };
}

/** The object a URL names (a presigned URL's query differs per request: its signature and date). */
const objectOf = (url: string) => new URL(url).pathname;

const ENGLISH_HEADER = [
  'Type [Class]',
  'ID [Alias]',
  'Name/English [Name/en]',
  'Name/German [Name/de]',
  'List price/EUR/gross [ListPrices/EUR/gross]',
  'List price/GBP/gross [ListPrices/GBP/gross]',
  'Manufacturer [Manufacturer]',
  'Manufacturer product no. [ManufacturerSKU]',
  'Product code [UPCEAN]',
  'Stock level [StockLevel]',
  'Delivery period [DeliveryPeriod]',
  'Weight unit [WeightUnit]',
  'Delivery weight [Weight]',
  'Master product [SuperProduct]',
];

const GERMAN_HEADER = [
  'Typ [Class]',
  'ID [Alias]',
  'Name/Englisch [Name/en]',
  'Name/Deutsch [Name/de]',
  'Listenpreis/EUR/brutto [ListPrices/EUR/gross]',
  'Listenpreis/GBP/brutto [ListPrices/GBP/gross]',
  'Hersteller [Manufacturer]',
  'Herstellerartikelnr. [ManufacturerSKU]',
  'Produktcode [UPCEAN]',
  'Lagerbestand [StockLevel]',
  'Lieferzeit [DeliveryPeriod]',
  'Gewichtseinheit [WeightUnit]',
  'Versandgewicht [Weight]',
  'Masterprodukt [SuperProduct]',
];

/** A product name that needs every kind of quoting: the separator, quotes and a line break. */
const AWKWARD_NAME = 'Mug "Classic"; 0.3 l\r\nwith lid';
/** Names a spreadsheet would run as formulas, were they written as sent. */
const FORMULA_NAMES = { en_GB: '=HYPERLINK("https://evil.example";"Click")', de_DE: '@SUM(1+1)' };

describe('product export', () => {
  let demo: ShopFile;
  let shop: string;
  beforeAll(async () => {
    demo = await readShopFile('infra/local/seed/demo.json');
    shop = await privateDemoShop('export', (file) => ({
      ...file,
      products: file.products.map((p) =>
        p.productId === 'titanium-mug'
          ? { ...p, name: { ...p.name, en_GB: AWKWARD_NAME } }
          : p.productId === 'espresso-beans'
            ? { ...p, name: { ...p.name, ...FORMULA_NAMES } }
            : p,
      ),
    }));
  });

  it('answers 303 with Location, a presigned URL that needs no token, and the same URL in the body', async () => {
    // Act
    const answer = await exportOf(shop, '?locale=en_GB');
    const { response, text } = await file(answer);

    // Assess
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location') as string;
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.csv\?/);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('900');
    expect(answer.body).toEqual({ url: location });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(text.startsWith('Type [Class];ID [Alias];')).toBe(true);
  });

  it('writes a header row as specified in the locale, then one row per product and variation', async () => {
    // Act
    const english = await file(await exportOf(shop, '?locale=en_GB'));
    const german = await file(await exportOf(shop, '?locale=de-de'));
    const byDefault = await file(await exportOf(shop));

    // Assess
    expect(english.rows[0]).toEqual(ENGLISH_HEADER);
    expect(german.rows[0]).toEqual(GERMAN_HEADER);
    expect(byDefault.rows[0]).toEqual(ENGLISH_HEADER);
    expect(english.rows.slice(1).map((r) => r[1])).toEqual(demo.products.map((p) => p.productNumber));
    expect(english.rows.every((r) => r.length === ENGLISH_HEADER.length)).toBe(true);
    // Only the labels and the delivery period (a text in the request's locale) differ by locale.
    const withoutPeriod = (rows: string[][]) => rows.slice(1).map((r) => r.filter((_, i) => i !== 10));
    expect(withoutPeriod(german.rows)).toEqual(withoutPeriod(english.rows));
    const tshirt = (rows: string[][]) => rows.find((r) => r[1] === 'BF-1040-RD-M')?.[10];
    expect([tshirt(english.rows), tshirt(german.rows)]).toEqual([
      demo.products[1]?.deliveryPeriod?.en_GB,
      demo.products[1]?.deliveryPeriod?.de_DE,
    ]);
  });

  it('shows what GET /products/{p} shows: class, names, prices, stock, weight and master', async () => {
    // Prepare
    const { rows } = await file(await exportOf(shop, '?locale=en_GB'));
    const row = (productNumber: string) => rows.find((r) => r[1] === productNumber) as string[];

    for (const productId of ['trail-tshirt', 'trail-tshirt-red-m', 'filter-coffee-by-weight', 'enamel-mug']) {
      // Act
      const [en, de, gbp] = await Promise.all([
        call(`/${shop}/products/${productId}?locale=en_GB`),
        call(`/${shop}/products/${productId}?locale=de_DE`),
        call(`/${shop}/products/${productId}?currency=GBP`),
      ]);
      const master = en.body.productVariationMasterId
        ? await call(`/${shop}/products/${en.body.productVariationMasterId}`)
        : undefined;

      // Assess
      const product = en.body;
      expect(row(product.productNumber)).toEqual([
        product.productVariationType,
        product.productNumber,
        product.name,
        de.body.name,
        String(product.priceInfo.price.amount.toFixed(2)),
        String(gbp.body.priceInfo.price.amount.toFixed(2)),
        product.manufacturer ?? '',
        product.manufacturerProductNumber ?? '',
        product.ean ?? product.upc ?? '',
        product.stocklevel === null ? '' : String(product.stocklevel),
        product.deliveryPeriod ?? '',
        product.deliveryWeight.unit,
        String(product.deliveryWeight.amount),
        master?.body.productNumber ?? '',
      ]);
    }
    expect(row('BF-1040-RD-M')?.[0]).toBe('variation');
    expect(row('BF-1040-RD-M')?.[13]).toBe(demo.products[0]?.productNumber);
  });

  it('quotes a field holding the separator, quotes or a line break (RFC 4180) and reads back exactly', async () => {
    // Act
    const { text, rows } = await file(await exportOf(shop, '?locale=en_GB'));

    // Assess
    expect(text).toContain('"Mug ""Classic""; 0.3 l\r\nwith lid"');
    const mug = demo.products.find((p) => p.productId === 'titanium-mug');
    expect(rows.find((r) => r[1] === mug?.productNumber)?.[2]).toBe(AWKWARD_NAME);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('writes no cell a spreadsheet would run as a formula: a leading = or @ is kept behind a quote mark', async () => {
    // Act
    const { rows } = await file(await exportOf(shop, '?locale=en_GB'));

    // Assess: the names as GET shows them, each behind a leading '
    const beans = demo.products.find((p) => p.productId === 'espresso-beans');
    const row = rows.find((r) => r[1] === beans?.productNumber);
    expect(row?.slice(2, 4)).toEqual([`'${FORMULA_NAMES.en_GB}`, `'${FORMULA_NAMES.de_DE}`]);
    expect(
      rows
        .slice(1)
        .flat()
        .filter((cell) => /^[=+@]/.test(cell)),
    ).toEqual([]);
  });

  it('hands out the same file while the catalog is unchanged, and a new one after a catalog change', async () => {
    // Prepare
    const own = await privateDemoShop('exportversions');
    const first = await exportOf(own, '?locale=en_GB');
    const firstFile = await file(first);

    // Act
    const again = await exportOf(own, '?locale=en_GB');
    const againFile = await file(again);
    const category = demo.categories[1]?.categoryId as string;
    const written = await call(`/${own}/categories/${category}`, {
      method: 'POST',
      body: { name: 'Exported' },
    });
    const changed = await exportOf(own, '?locale=en_GB');
    const changedFile = await file(changed);

    // Assess
    expect([first.status, again.status, written.status, changed.status]).toEqual([303, 303, 201, 303]);
    expect(objectOf(again.body.url)).toBe(objectOf(first.body.url));
    expect(againFile.response.headers.get('etag')).toBe(firstFile.response.headers.get('etag'));
    expect(againFile.response.headers.get('last-modified')).toBe(
      firstFile.response.headers.get('last-modified'),
    );
    expect(objectOf(changed.body.url)).not.toBe(objectOf(first.body.url));
    expect(changedFile.response.headers.get('x-amz-meta-generation')).toBe('1');
    expect(changedFile.rows).toEqual(firstFile.rows);
  });

  it('lets 10 concurrent requests share one generation', async () => {
    // Prepare
    const own = await privateDemoShop('exportrace');

    // Act
    const answers = await Promise.all(Array.from({ length: 10 }, () => exportOf(own, '?locale=de_DE')));
    const { response, rows } = await file(answers[0] as ApiResponse<{ url: string }>);

    // Assess
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(303));
    expect(new Set(answers.map((a) => objectOf(a.body.url))).size).toBe(1);
    // Each taking of the generation's lease counts; the file carries its count.
    expect(response.headers.get('x-amz-meta-generation')).toBe('1');
    expect(rows).toHaveLength(demo.products.length + 1);
  });

  it('answers 400 naming locale for a locale the shop does not have', async () => {
    // Act
    const answers = await Promise.all([
      call(`/${shop}/products/export?locale=fr_FR`),
      call(`/${shop}/products/export?locale=de`),
      call(`/${shop}/products/export?locale=1x`),
    ]);

    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'locale' })]);
    }
  });

  it('answers 403 without products_read_batch', async () => {
    // Act
    const answer = await call(`/${shop}/products/export`, {
      token: tokenFor(shop, ['products_read', 'products_write']),
    });
    const allowed = await call(`/${shop}/products/export`, {
      token: tokenFor(shop, ['products_read_batch']),
    });

    // Assess
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
    expect(allowed.status).toBe(303);
  });
});
