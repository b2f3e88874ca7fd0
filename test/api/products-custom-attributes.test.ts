import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { importShop } from '../../lib/data/import-shop';
import { call, tokenFor } from '../support/api';
import { useLocalTable } from '../support/local-env';

/** A private copy of the demo shop: these tests change custom attributes. */
const shop = 'products-custom-attributes';
const url = (productId: string, query = '') => `/${shop}/products/${productId}/custom-attributes${query}`;
const patch = (productId: string, body: unknown, options: { contentType?: string; token?: string } = {}) =>
  call(url(productId), {
    method: 'PATCH',
    body,
    contentType: options.contentType ?? 'application/json-patch+json',
    ...(options.token ? { token: options.token } : {}),
  });
const add = (key: string, displayValue: string) => ({ op: 'add', path: '/', value: { key, displayValue } });
const remove = (key: string) => ({ op: 'remove', path: '/', value: { key } });
const attribute = (body: { items: any[] }, key: string): any => body.items.find((a) => a.key === key);

async function searchIds(filters: unknown[]) {
  const response = await call(`/${shop}/search/products?resultsPerPage=100`, {
    method: 'POST',
    body: { attributeFilters: filters },
  });
  expect(response.status).toBe(200);
  return response.body.items.map((p: { productId: string }) => p.productId) as string[];
}

beforeAll(async () => {
  useLocalTable();
  await importShop(shop, await readShopFile('infra/local/seed/demo.json'));
});

describe('GET /{shopId}/products/{productId}/custom-attributes', () => {
  it("lists the product's attributes with localized keys and values", async () => {
    // Act
    const response = await call(url('titanium-mug', '?locale=de_DE'), {
      token: tokenFor(shop, ['products_read']),
    });

    // Assess
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      {
        key: 'Material',
        displayKey: 'Material',
        singleValue: false,
        type: 'PreDefString',
        values: [{ value: 'titanium', displayValue: 'Titan' }],
      },
      {
        key: 'Engraving',
        displayKey: expect.any(String),
        singleValue: true,
        type: 'String',
        values: [{ value: 'Gipfelglück', displayValue: 'Gipfelglück' }],
      },
    ]);
  });

  it('is 404 for unknown and invisible products, and needs products_write for includeInvisible', async () => {
    const unknown = await call(url('no-such-product'));
    const invisible = await call(url('hidden-prototype'), { token: tokenFor(shop, ['products_read']) });
    const refused = await call(url('hidden-prototype', '?includeInvisible=true'), {
      token: tokenFor(shop, ['products_read']),
    });
    const shown = await call(url('hidden-prototype', '?includeInvisible=true'));

    expect(unknown.status).toBe(404);
    expect(invisible.status).toBe(404);
    expect(refused.status).toBe(403);
    expect(shown.status).toBe(200);
  });
});

describe('PATCH /{shopId}/products/{productId}/custom-attributes', () => {
  it('adds an attribute, visible at once in the next GET, the product and search', async () => {
    // Prepare
    expect(await searchIds([{ fieldName: 'PreDefString_en_Color', attributeValue: 'red' }])).not.toContain(
      'titanium-pot',
    );

    // Act
    const response = await patch('titanium-pot', [add('Color', 'Red')]);

    // Assess
    expect(response.status).toBe(200);
    expect(attribute(response.body, 'Color')).toEqual({
      key: 'Color',
      displayKey: 'Colour',
      singleValue: true,
      type: 'PreDefString',
      values: [{ value: 'red', displayValue: 'Red' }],
    });
    expect(attribute(response.body, 'Material')).toBeDefined();
    const read = await call(url('titanium-pot'));
    expect(attribute(read.body, 'Color')).toEqual(attribute(response.body, 'Color'));
    expect(await searchIds([{ fieldName: 'PreDefString_en_Color', attributeValue: 'red' }])).toContain(
      'titanium-pot',
    );
  });

  it('replaces a single value, adds to a multi-value attribute, and accepts application/json', async () => {
    const response = await patch(
      'titanium-spork',
      [add('Color', 'blue'), add('Color', 'Schwarz'), add('Material', 'stainless-steel')],
      { contentType: 'application/json' },
    );

    expect(response.status).toBe(200);
    expect(attribute(response.body, 'Color')).toMatchObject({
      values: [{ value: 'black', displayValue: 'Black' }],
    });
    expect(attribute(response.body, 'Material')).toMatchObject({
      values: [
        { value: 'titanium', displayValue: 'Titanium' },
        { value: 'stainless-steel', displayValue: 'Stainless steel' },
      ],
    });
  });

  it('removes an attribute: it stays listed with a null value and leaves the search facets', async () => {
    // Prepare
    await patch('enamel-mug', [add('Color', 'orange')]);
    expect(await searchIds([{ fieldName: 'PreDefString_en_Color', attributeValue: 'orange' }])).toContain(
      'enamel-mug',
    );

    // Act
    const response = await patch('enamel-mug', [remove('Color')]);

    // Assess
    expect(response.status).toBe(200);
    expect(attribute(response.body, 'Color')).toEqual({
      key: 'Color',
      displayKey: 'Colour',
      singleValue: true,
      type: 'PreDefString',
      values: [{ displayValue: '', value: null }],
    });
    expect(attribute((await call(url('enamel-mug'))).body, 'Color')).toEqual(
      attribute(response.body, 'Color'),
    );
    expect(await searchIds([{ fieldName: 'PreDefString_en_Color', attributeValue: 'orange' }])).not.toContain(
      'enamel-mug',
    );
  });

  it.each([
    ['not an array', { op: 'add', path: '/', value: { key: 'Color', displayValue: 'red' } }, 'body'],
    ['an unknown op', [{ op: 'replace', path: '/', value: { key: 'Color', displayValue: 'red' } }], '[0].op'],
    ['a bad path', [{ op: 'add', path: '/Color', value: { key: 'Color', displayValue: 'red' } }], '[0].path'],
    ['a missing value', [{ op: 'add', path: '/' }], '[0].value'],
    [
      'add without displayValue',
      [{ op: 'add', path: '/', value: { key: 'Color' } }],
      '[0].value.displayValue',
    ],
    ['an undefined key', [add('Flavour', 'mint')], '[0].value.key'],
    ['a value that is not predefined', [add('Color', 'tartan')], '[0].value.displayValue'],
    ['a good op before a bad one', [add('Color', 'red'), add('Size', 'XXXL')], '[1].value.displayValue'],
  ])('is 400 with errors[] for %s', async (_, body, field) => {
    // Act
    const response = await patch('gas-stove', body);

    // Assess
    expect(response.status).toBe(400);
    expect(response.body.status).toBe('400');
    expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(attribute((await call(url('gas-stove'))).body, 'Color')).toBeUndefined();
  });

  it('is 400 for malformed JSON and 415 for another content type', async () => {
    const malformed = await call(url('gas-stove'), {
      method: 'PATCH',
      rawBody: '[{"op":',
      contentType: 'application/json-patch+json',
    });
    const text = await call(url('gas-stove'), {
      method: 'PATCH',
      rawBody: 'add Color',
      contentType: 'text/plain',
    });

    expect(malformed.status).toBe(400);
    expect(text.status).toBe(415);
  });

  it('keeps the attributes that tell a variation apart', async () => {
    const removal = await patch('trail-tshirt-red-l', [remove('Size')]);
    const change = await patch('trail-tshirt-red-l', [add('Size', 'XL')]);

    expect(removal.status).toBe(400);
    expect(removal.body.errors[0].field).toBe('[0].value.key');
    expect(change.status).toBe(200);
    const variation = await call(`/${shop}/products/trail-tshirt-red-l`);
    expect(variation.body.productVariationSelection[1]).toMatchObject({ name: 'Size', value: 'XL' });
  });

  it('needs products_write and an existing product', async () => {
    const refused = await patch('gas-stove', [add('Color', 'red')], {
      token: tokenFor(shop, ['products_read']),
    });
    const unknown = await patch('no-such-product', [add('Color', 'red')]);

    expect(refused.status).toBe(403);
    expect(unknown.status).toBe(404);
  });

  it('applies patches racing on one shop without losing any', async () => {
    // Act
    const responses = await Promise.all(
      ['red', 'blue', 'green', 'black'].map((color, i) =>
        patch(['headlamp-400', 'camping-lantern', 'pocket-knife', 'water-filter'][i] as string, [
          add('Color', color),
        ]),
      ),
    );

    // Assess
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const colors = await Promise.all(
      ['headlamp-400', 'camping-lantern', 'pocket-knife', 'water-filter'].map(async (id) =>
        attribute((await call(url(id))).body, 'Color'),
      ),
    );
    expect(colors.map((c) => c.values[0]?.value)).toEqual(['red', 'blue', 'green', 'black']);
  });
});
