import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';

const writer = () => tokenFor('demo', ['products_read', 'products_write']);
const reader = () => tokenFor('demo', ['products_read']);

describe('GET /{shopId}/products/{productId}', () => {
  it('answers one product in the request locale', async () => {
    // Act
    const english = await call('/demo/products/trail-tshirt');
    const german = await call('/demo/products/trail-tshirt?locale=de_DE', { token: reader() });

    // Assess
    expect(english.status).toBe(200);
    expect(english.body).toMatchObject({
      productId: 'trail-tshirt',
      name: 'Trail Merino T-Shirt',
      productVariationType: 'master',
      priceInfo: { price: { currency: 'EUR', formatted: '€34.90' } },
    });
    expect(german.body.name).toBe('Trail Merino-T-Shirt');
    expect(german.body.priceInfo.price.formatted).toMatch(/^34,90\s€$/);
  });

  it('answers a variation with its master and selection', async () => {
    const response = await call('/demo/products/trail-tshirt-red-m');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      productVariationType: 'variation',
      productVariationMasterId: 'trail-tshirt',
      productVariationSelection: [
        { name: 'Color', value: 'red', displayValue: 'Red' },
        { name: 'Size', value: 'M' },
      ],
    });
  });

  it('is 404 for unknown and invisible products', async () => {
    const unknown = await call('/demo/products/no-such-product');
    const invisible = await call('/demo/products/hidden-prototype', { token: reader() });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: '404', message: 'Product not found' });
    expect(invisible.status).toBe(404);
  });

  it('shows an invisible product with includeInvisible=true, which needs products_write', async () => {
    const refused = await call('/demo/products/hidden-prototype?includeInvisible=true', { token: reader() });
    const shown = await call('/demo/products/hidden-prototype?includeInvisible=true', { token: writer() });

    expect(refused.status).toBe(403);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ productId: 'hidden-prototype', visible: false });
  });

  it("shows an invisible product to a token with products_write without asking (a merchant's tool reads back what it made)", async () => {
    const created = await call('/demo/products', {
      method: 'POST',
      token: writer(),
      body: { name: 'Read back after create', price: 5 },
    });
    const readBack = await call(`/demo/products/${created.body.productId}`, { token: writer() });
    const storefront = await call(`/demo/products/${created.body.productId}`, { token: reader() });
    const hidden = await call('/demo/products/hidden-prototype', { token: writer() });

    expect(created.status).toBe(201);
    expect(readBack.status).toBe(200);
    expect(readBack.body).toMatchObject({ productId: created.body.productId, visible: false });
    expect(storefront.status).toBe(404);
    expect(hidden.status).toBe(200);
    expect(hidden.body.visible).toBe(false);
  });

  it('is 400 for a currency the shop does not sell in', async () => {
    const response = await call('/demo/products/trail-tshirt?currency=USD');

    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('currency');
  });
});

describe('GET /{shopId}/products/{productId}/variations', () => {
  it("lists a master's visible variations with the attributes they differ in", async () => {
    // Act
    const response = await call('/demo/products/trail-tshirt/variations?locale=de_DE', { token: reader() });

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ results: 4, page: 1, resultsPerPage: 100 });
    expect(response.body.variationAttributes).toEqual([
      {
        name: 'Color',
        displayName: 'Farbe',
        values: [
          { value: 'red', displayValue: 'Rot' },
          { value: 'blue', displayValue: 'Blau' },
        ],
      },
      {
        name: 'Size',
        displayName: 'Größe',
        values: [
          { value: 'M', displayValue: 'M' },
          { value: 'L', displayValue: 'L' },
          { value: 'XL', displayValue: 'XL' },
        ],
      },
    ]);
    const hrefs = response.body.items.map((item: { link: { href: string } }) => item.link.href);
    expect(hrefs.every((href: string) => /\/demo\/products\/trail-tshirt-/.test(href))).toBe(true);
    expect(hrefs.some((href: string) => href.endsWith('/trail-tshirt-green-s'))).toBe(false);
    expect(response.body.items[0]).toEqual({
      link: { rel: 'variation', href: expect.stringMatching(/\/demo\/products\/trail-tshirt-red-m$/) },
      attributeSelection: [
        { name: 'Color', displayName: 'Farbe', value: 'red', displayValue: 'Rot' },
        { name: 'Size', displayName: 'Größe', value: 'M', displayValue: 'M' },
      ],
    });
    expect(response.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'product']);
  });

  it('pages the variations', async () => {
    const all = await call('/demo/products/trail-tshirt/variations');
    const second = await call('/demo/products/trail-tshirt/variations?resultsPerPage=2&page=2');
    const max = await call('/demo/products/trail-tshirt/variations?resultsPerPage=1000');

    expect(second.body).toMatchObject({ results: 4, page: 2, resultsPerPage: 2 });
    expect(second.body.items).toEqual(all.body.items.slice(2, 4));
    expect(max.status).toBe(200);
  });

  it.each(['resultsPerPage=1001', 'resultsPerPage=0', 'page=0'])('is 400 for %s', async (query) => {
    const response = await call(`/demo/products/trail-tshirt/variations?${query}`);

    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe(query.split('=')[0]);
  });

  it('is an empty list for a product that is not a master, 404 for unknown and invisible ones', async () => {
    const regular = await call('/demo/products/gas-stove/variations');
    const unknown = await call('/demo/products/no-such-product/variations');
    const invisible = await call('/demo/products/hidden-prototype/variations');

    expect(regular.status).toBe(200);
    expect(regular.body).toMatchObject({ variationAttributes: [], items: [], results: 0 });
    expect(unknown.status).toBe(404);
    expect(invisible.status).toBe(404);
  });
});

describe('GET /{shopId}/products/{productId}/crossselling', () => {
  it('lists the cross-selling products with a reduced field set', async () => {
    // Act
    const response = await call('/demo/products/dome-tent-2p/crossselling', { token: reader() });

    // Assess
    expect(response.status).toBe(200);
    expect(response.body.manualCrossSellingTitle).toBe('Complete your night outdoors');
    expect(response.body.embedded).toMatchObject({ results: 3, page: 1 });
    const items = response.body.embedded.items;
    expect(items.map((p: { productId: string }) => p.productId)).toEqual([
      'sleeping-mat',
      'down-sleeping-bag',
      'camping-lantern',
    ]);
    expect(items[0]).toMatchObject({
      name: expect.any(String),
      priceInfo: { price: { currency: 'EUR' } },
      searchKeywords: null,
      shippingMethodsRestrictedTo: null,
    });
    expect(items[0]).not.toHaveProperty('description');
    expect(response.body.links).toEqual([
      { rel: 'self', href: expect.stringMatching(/\/demo\/products\/dome-tent-2p\/crossselling$/) },
      { rel: 'product', href: expect.stringMatching(/\/demo\/products\/dome-tent-2p$/) },
    ]);
  });

  it('is empty for a product without cross-selling, 404 for unknown products', async () => {
    const none = await call('/demo/products/gas-stove/crossselling');
    const unknown = await call('/demo/products/no-such-product/crossselling');

    expect(none.body).toMatchObject({ manualCrossSellingTitle: '', embedded: { results: 0, items: [] } });
    expect(unknown.status).toBe(404);
  });

  it('needs products_write for includeInvisible=true', async () => {
    const refused = await call('/demo/products/dome-tent-2p/crossselling?includeInvisible=true', {
      token: reader(),
    });
    const allowed = await call('/demo/products/hidden-prototype/crossselling?includeInvisible=true', {
      token: writer(),
    });

    expect(refused.status).toBe(403);
    expect(allowed.status).toBe(200);
  });
});
