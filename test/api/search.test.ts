import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ShopFile, type ShopProduct } from '../../lib/schemas/shop-file';
import { call, tokenFor } from '../support/api';

/** The demo seed, to compute expected facet counts from the fixture rather than copying numbers. */
const seed = ShopFile.parse(
  JSON.parse(readFileSync(new URL('../../infra/local/seed/demo.json', import.meta.url), 'utf8')),
);
const listed = seed.products.filter((p) => p.visible && p.masterId === null);
const valuesOf = (p: ShopProduct, key: string) => {
  const own = (x: ShopProduct) => {
    const raw = x.attributes[key];
    return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  };
  const variations = seed.products.filter((v) => v.masterId === p.productId && v.visible);
  return new Set([p, ...variations].flatMap(own));
};

type Facet = {
  attributeName: string;
  attributeType: string;
  values: {
    matches: number;
    name: string;
    filter: { fieldName: string; attributeValue?: string; attributeRange?: { min: number; max: number } };
    selectedValue?: string;
    selectedRange?: { min: number; max: number };
  }[];
};
const search = (body: unknown, query = '') => call(`/demo/search/products${query}`, { method: 'POST', body });
const idsOf = (response: { body: { items: { productId: string }[] } }) =>
  response.body.items.map((p) => p.productId);
const facet = (response: { body: { facets: Facet[] } }, name: string) =>
  response.body.facets.find((f) => f.attributeName === name) as Facet;

describe('POST /{shopId}/search/products', () => {
  it('answers the envelope with query, fallbackQuery and the facets', async () => {
    // Act
    const response = await search({});

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      results: listed.length,
      page: 1,
      resultsPerPage: 10,
      query: '',
      fallbackQuery: '',
    });
    expect(response.body.items).toHaveLength(10);
    expect(response.body.facets.map((f: Facet) => [f.attributeName, f.attributeType])).toEqual([
      ['Category', 'Standard'],
      ['Manufacturer', 'Standard'],
      ['ListPrice', 'Standard'],
      ['Colour', 'PreDefString'],
      ['Size', 'PreDefString'],
      ['Material', 'PreDefString'],
    ]);
    expect(facet(response, 'Colour').values[0]?.filter.fieldName).toBe('PreDefString_en_Color');
    expect(
      facet(response, 'ListPrice').values.every((v) => v.matches === -1 && v.filter.attributeRange),
    ).toBe(true);
  });

  it('counts each facet value over the products matching every other filter', async () => {
    // Prepare
    const inClothing = (p: ShopProduct) =>
      p.categoryIds.some((c) => ['clothing', 'jackets', 'shirts', 'socks-accessories'].includes(c));
    const filters = [
      { fieldName: 'CategoryID', attributeValue: 'clothing' },
      { fieldName: 'PreDefString_en_Color', attributeValue: 'black' },
    ];

    // Act
    const response = await search({ attributeFilters: filters }, '?resultsPerPage=100');

    // Assess
    const hits = listed.filter((p) => inClothing(p) && valuesOf(p, 'Color').has('black'));
    expect(idsOf(response).sort()).toEqual(hits.map((p) => p.productId).sort());
    const colours = facet(response, 'Colour').values;
    for (const value of colours) {
      const expected = listed.filter(
        (p) => inClothing(p) && valuesOf(p, 'Color').has(value.filter.attributeValue as string),
      );
      expect(value.matches, value.name).toBe(expected.length);
    }
    expect(colours.find((v) => v.filter.attributeValue === 'black')?.selectedValue).toBe('black');
    expect(colours.find((v) => v.filter.attributeValue === 'red')?.selectedValue).toBeUndefined();
    const clothing = facet(response, 'Category').values.find((v) => v.filter.attributeValue === 'clothing');
    expect(clothing).toMatchObject({ selectedValue: 'clothing', matches: hits.length, name: 'Clothing' });
    const camping = facet(response, 'Category').values.find((v) => v.filter.attributeValue === 'camping');
    expect(camping?.matches).toBe(
      listed.filter(
        (p) =>
          p.categoryIds.some((c) =>
            ['camping', 'tents-sleeping', 'camp-kitchen', 'lights-tools'].includes(c),
          ) && valuesOf(p, 'Color').has('black'),
      ).length,
    );
  });

  it('filters by a price range and marks it selected', async () => {
    const response = await search(
      { attributeFilters: [{ fieldName: 'ListPrice', attributeRange: { min: 10, max: 24.99 } }] },
      '?resultsPerPage=100',
    );

    const prices = response.body.items.map(
      (p: { priceInfo: { price: { amount: number } } }) => p.priceInfo.price.amount,
    );
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p: number) => p >= 10 && p <= 24.99)).toBe(true);
    const selected = facet(response, 'ListPrice').values.filter((v) => v.selectedRange);
    expect(selected).toEqual([
      {
        matches: -1,
        name: '€10.00 – €24.99',
        filter: { fieldName: 'ListPrice', attributeRange: { min: 10, max: 24.99 } },
        selectedRange: { min: 10, max: 24.99 },
      },
    ]);
  });

  it('writes characters beyond ASCII as JSON escapes, which parse to the same text', async () => {
    // Act
    const german = await search({}, '?locale=de_DE');
    const unusual = await search({ query: 'Grüße' });

    // Assess
    for (const response of [german, unusual]) {
      expect(response.status).toBe(200);
      expect(response.text).toMatch(/^[\x20-\x7e]*$/);
    }
    expect(german.text).toContain('\\u20ac');
    expect(facet(german, 'ListPrice').values[0]?.name).toMatch(/^\d+,\d\d\s€ – \d+,\d\d\s€$/);
    expect(unusual.body.query).toBe('Grüße');
  });

  it('lists a chosen price range that is not one of the facet ranges, selected', async () => {
    const response = await search({
      attributeFilters: [{ fieldName: 'ListPrice', attributeRange: { min: 12, max: 30 } }],
    });

    const values = facet(response, 'ListPrice').values;
    expect(values.filter((v) => v.selectedRange)).toEqual([
      {
        matches: -1,
        name: '€12.00 – €30.00',
        filter: { fieldName: 'ListPrice', attributeRange: { min: 12, max: 30 } },
        selectedRange: { min: 12, max: 30 },
      },
    ]);
    expect(values.at(-1)?.selectedRange).toEqual({ min: 12, max: 30 });
  });

  it('ranks name matches first for RELEVANCE and sorts by price or name on request', async () => {
    const relevance = await search({ query: 'merino' }, '?resultsPerPage=100');
    const cheapest = await search({ sortBy: 'PRICE_ASC' }, '?resultsPerPage=100');
    const byName = await search({ sortBy: 'NAME_DESC' }, '?resultsPerPage=100&locale=de_DE');

    const names = relevance.body.items.map((p: { name: string }) => p.name.toLowerCase().includes('merino'));
    expect(names[0]).toBe(true);
    expect(names.indexOf(false) === -1 || names.slice(names.indexOf(false)).every((x: boolean) => !x)).toBe(
      true,
    );
    const prices = cheapest.body.items.map(
      (p: { priceInfo: { price: { amount: number } } }) => p.priceInfo.price.amount,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const german = byName.body.items.map((p: { name: string }) => p.name);
    expect(german).toEqual(
      [...german].sort((a, b) => b.localeCompare(a, 'de-DE', { sensitivity: 'base', numeric: true })),
    );
  });

  it('uses a fallback query when the query finds nothing', async () => {
    const misspelt = await search({ query: 'jakcet' });
    const extra = await search({ query: 'rain jacket xylophone' });
    const nothing = await search({ query: 'xylophone' });

    expect(misspelt.body).toMatchObject({ query: 'jakcet', fallbackQuery: 'jacket' });
    expect(idsOf(misspelt)).toContain('rain-jacket');
    expect(extra.body).toMatchObject({ fallbackQuery: 'rain jacket' });
    expect(idsOf(extra)).toEqual(['rain-jacket']);
    expect(nothing.body).toMatchObject({ results: 0, items: [], fallbackQuery: '' });
  });

  it('never finds invisible products or variations', async () => {
    const response = await search({ query: 'prototype' });
    const shirts = await search({ query: 'trail merino' }, '?resultsPerPage=100');

    expect(idsOf(response)).not.toContain('hidden-prototype');
    expect(idsOf(shirts)).toEqual(['trail-tshirt']);
  });

  it.each([
    [{ attributeFilters: [{ fieldName: 'Colour', attributeValue: 'red' }] }, 'attributeFilters[0].fieldName'],
    [
      { attributeFilters: [{ fieldName: 'ListPrice', attributeValue: '10' }] },
      'attributeFilters[0].attributeRange',
    ],
    [{ attributeFilters: [{ fieldName: 'CategoryID' }] }, 'attributeFilters[0].attributeValue'],
    [
      { attributeFilters: [{ fieldName: 'ListPrice', attributeRange: { min: 50, max: 10 } }] },
      'attributeFilters[0].attributeRange',
    ],
    [{ sortBy: 'PRICE' }, 'sortBy'],
    [{ query: 'a', color: 'red' }, 'body'],
  ])('is 400 with errors[] for %o', async (body, field) => {
    const response = await search(body);

    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it.each(['resultsPerPage=101', 'page=0', 'currency=USD'])('is 400 for %s', async (query) => {
    const response = await search({}, `?${query}`);

    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe(query.split('=')[0]);
  });

  it('needs products_write', async () => {
    const response = await call('/demo/search/products', {
      method: 'POST',
      body: {},
      token: tokenFor('demo', ['products_read']),
    });

    expect(response.status).toBe(403);
  });
});
