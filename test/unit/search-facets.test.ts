import { beforeAll, describe, expect, it } from 'vitest';
import { generateShopFile } from '../../infra/local/gen-catalog';
import type { Catalog } from '../../lib/domain/catalog/catalog';
import { projectionOf } from '../../lib/domain/catalog/catalog-projection';
import { parseMoney } from '../../lib/domain/money/money';
import type { Facet, FacetValue } from '../../lib/domain/search/facets';
import { type AttributeFilterInput, parseFilters } from '../../lib/domain/search/filters';
import { searchProducts } from '../../lib/domain/search/search';
import type { SortBy } from '../../lib/domain/search/sort';
import type { ShopFile, ShopProduct } from '../../lib/schemas/shop-file';
import { catalogOf } from '../support/catalog';

/**
 * Search and facet counts on a generated 10,000-product catalog, checked against a brute-force
 * computation over the same data that shares no code with the projection: standard faceting (a
 * value counts the products matching every OTHER filter plus that value).
 */

let file: ShopFile;
let catalog: Catalog;
const LOCALE = 'en_GB';

beforeAll(() => {
  file = generateShopFile({ products: 10_000, seed: 11 });
  catalog = catalogOf(file);
});

/** The brute-force model of one product: what it offers to each filter field. */
interface Row {
  product: ShopProduct;
  text: string[];
  categories: Set<string>;
  manufacturer: string | null;
  price: number | null;
  attributes: Map<string, Set<string>>;
}

function rows(currency: string): Row[] {
  const variationsOf = new Map<string, ShopProduct[]>();
  for (const v of file.products) {
    if (v.masterId && v.visible) variationsOf.set(v.masterId, [...(variationsOf.get(v.masterId) ?? []), v]);
  }
  const parentOf = new Map(file.categories.map((c) => [c.categoryId, c.parentId]));
  const values = (p: ShopProduct, key: string) => {
    const raw = p.attributes[key];
    return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  };
  return file.products
    .filter((p) => p.visible && p.masterId === null)
    .map((product) => {
      const categories = new Set<string>();
      for (const id of product.categoryIds) {
        for (let c: string | null | undefined = id; c; c = parentOf.get(c)) categories.add(c);
      }
      const variations = variationsOf.get(product.productId) ?? [];
      const attributes = new Map<string, Set<string>>();
      for (const definition of file.attributeDefinitions.filter((d) => d.type === 'PreDefString')) {
        attributes.set(
          definition.key,
          new Set([product, ...variations].flatMap((p) => values(p, definition.key))),
        );
      }
      const decimal = product.prices[currency]?.price;
      return {
        product,
        text: [
          product.name[LOCALE] ?? '',
          product.name[file.settings.defaultLocale] ?? '',
          ...product.searchKeywords,
          product.productNumber,
          product.manufacturer ?? '',
          product.shortDescription?.[LOCALE] ?? '',
        ].map((s) => s.toLowerCase()),
        categories,
        manufacturer: product.manufacturer,
        price: decimal === undefined ? null : parseMoney(decimal, currency),
        attributes,
      };
    });
}

type Test = (row: Row) => boolean;

/** Filters grouped by field: OR within a field, AND across fields. */
function bruteFilters(inputs: AttributeFilterInput[], currency: string): Map<string, Test> {
  const grouped = new Map<string, Test[]>();
  for (const input of inputs) {
    let test: Test;
    if (input.fieldName === 'CategoryID') test = (r) => r.categories.has(String(input.attributeValue));
    else if (input.fieldName === 'Manufacturer') test = (r) => r.manufacturer === input.attributeValue;
    else if (input.fieldName === 'ListPrice') {
      const min = parseMoney(input.attributeRange?.min ?? 0, currency);
      const max = parseMoney(input.attributeRange?.max ?? 1e9, currency);
      test = (r) => r.price !== null && r.price >= min && r.price <= max;
    } else {
      const key = input.fieldName.split('_').slice(2).join('_');
      test = (r) => r.attributes.get(key)?.has(String(input.attributeValue)) === true;
    }
    grouped.set(input.fieldName, [...(grouped.get(input.fieldName) ?? []), test]);
  }
  return new Map([...grouped].map(([field, tests]) => [field, (r: Row) => tests.some((t) => t(r))]));
}

function run(query: string, inputs: AttributeFilterInput[], sortBy: SortBy = 'NAME_ASC', currency = 'EUR') {
  const projection = projectionOf(catalog);
  const { filters, errors } = parseFilters(projection, inputs, currency);
  expect(errors).toEqual([]);
  return searchProducts(catalog, { query, sortBy, filters, locale: LOCALE, currency });
}

function matchesQuery(row: Row, terms: string[]) {
  return terms.every((term) => row.text.some((field) => field.includes(term)));
}

const categoryAndColour: AttributeFilterInput[] = [
  { fieldName: 'CategoryID', attributeValue: 'c2' },
  { fieldName: 'PreDefString_en_Color', attributeValue: 'blue' },
];

const cases: { name: string; query: string; terms: string[]; filters: AttributeFilterInput[] }[] = [
  { name: 'no query, no filter', query: '', terms: [], filters: [] },
  // Without query text, counts over one single-value filter are kept and reused (search-counting.ts):
  // the repeated cases are answered from them.
  { name: 'one category', query: '', terms: [], filters: [categoryAndColour[0] as AttributeFilterInput] },
  { name: 'a category and a colour', query: '', terms: [], filters: categoryAndColour },
  { name: 'the same again', query: '', terms: [], filters: categoryAndColour },
  { name: 'the same, filters swapped', query: '', terms: [], filters: [...categoryAndColour].reverse() },
  {
    name: 'a colour, a manufacturer and a price range',
    query: '',
    terms: [],
    filters: [
      { fieldName: 'PreDefString_en_Color', attributeValue: 'blue' },
      { fieldName: 'Manufacturer', attributeValue: 'Bergfink' },
      { fieldName: 'ListPrice', attributeRange: { min: 10, max: 200 } },
    ],
  },
  { name: 'no filter again', query: '', terms: [], filters: [] },
  {
    name: 'another category, same colour',
    query: '',
    terms: [],
    filters: [
      { fieldName: 'CategoryID', attributeValue: 'c3' },
      { fieldName: 'PreDefString_en_Color', attributeValue: 'blue' },
    ],
  },
  {
    name: 'a query and two filters (category and colour)',
    query: 'jacket',
    terms: ['jacket'],
    filters: [
      { fieldName: 'CategoryID', attributeValue: 'c1' },
      { fieldName: 'PreDefString_en_Color', attributeValue: 'red' },
    ],
  },
  {
    name: 'two manufacturers (OR) and a multi-value attribute',
    query: '',
    terms: [],
    filters: [
      { fieldName: 'Manufacturer', attributeValue: 'Bergfink' },
      { fieldName: 'Manufacturer', attributeValue: 'Nordwand' },
      { fieldName: 'PreDefString_en_Material', attributeValue: 'merino' },
    ],
  },
  {
    name: 'a price range, a size and a two-term query',
    query: 'rugged+steel',
    terms: ['rugged', 'steel'],
    filters: [
      { fieldName: 'ListPrice', attributeRange: { min: 20, max: 99.99 } },
      { fieldName: 'PreDefString_en_Size', attributeValue: 'M' },
    ],
  },
  {
    name: 'two price ranges (OR), one open above, and a colour',
    query: '',
    terms: [],
    filters: [
      { fieldName: 'ListPrice', attributeRange: { max: 24.99 } },
      { fieldName: 'ListPrice', attributeRange: { min: 250 } },
      { fieldName: 'PreDefString_en_Color', attributeValue: 'red' },
    ],
  },
  {
    name: 'four fields at once, a phrase query',
    query: '"merino wool"',
    terms: ['merino wool'],
    filters: [
      { fieldName: 'CategoryID', attributeValue: 'c3' },
      { fieldName: 'CategoryID', attributeValue: 'c1' },
      { fieldName: 'PreDefString_en_Fit', attributeValue: 'slim' },
      { fieldName: 'PreDefString_en_Material', attributeValue: 'merino' },
      { fieldName: 'ListPrice', attributeRange: { min: 0, max: 500 } },
    ],
  },
];

describe('faceted search on a generated 10,000-product catalog', () => {
  it.each(cases)('finds and counts like brute force: $name', ({ query, terms, filters }) => {
    // Prepare
    const all = rows('EUR').filter((r) => matchesQuery(r, terms));
    const tests = bruteFilters(filters, 'EUR');
    const passing = (row: Row, except?: string) =>
      [...tests].every(([field, test]) => field === except || test(row));

    // Act
    const outcome = run(query, filters);

    // Assess: the hits
    const expected = all.filter((r) => passing(r)).map((r) => r.product.productId);
    expect(expected.length).toBeGreaterThan(0);
    expect(outcome.fallbackQuery).toBe('');
    expect(outcome.products.map((p) => p.productId).sort()).toEqual(expected.sort());

    // Assess: every facet value against the products matching all other filters
    // The facets as the client reads them (they are rendered as JSON text).
    const facets = JSON.parse(outcome.facets.text) as Facet[];
    const facet = (name: string) => facets.find((f) => f.attributeName === name)?.values ?? [];
    const countsOf = (field: string, valuesOf: (row: Row) => Iterable<string>) => {
      const counts = new Map<string, number>();
      // A value the client applied stays listed (so it can be unselected), even with no match.
      for (const input of filters) if (input.fieldName === field) counts.set(String(input.attributeValue), 0);
      for (const row of all) {
        if (!passing(row, field)) continue;
        for (const v of valuesOf(row)) counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      return counts;
    };
    const asMap = (values: FacetValue[]) =>
      new Map(values.map((v) => [String(v.filter.attributeValue), v.matches]));

    const categories = countsOf('CategoryID', (r) => r.categories);
    categories.delete('root');
    expect(asMap(facet('Category'))).toEqual(categories);
    expect(asMap(facet('Manufacturer'))).toEqual(
      countsOf('Manufacturer', (r) => (r.manufacturer ? [r.manufacturer] : [])),
    );
    for (const definition of file.attributeDefinitions.filter((d) => d.type === 'PreDefString')) {
      const field = `PreDefString_en_${definition.key}`;
      const values = facet(definition.displayKey[LOCALE] as string);
      expect(values.every((v) => v.filter.fieldName === field)).toBe(true);
      expect(asMap(values), field).toEqual(countsOf(field, (r) => r.attributes.get(definition.key) ?? []));
    }

    // Assess: price ranges are listed exactly where a product matching the other filters lies
    const priced = all.filter((r) => passing(r, 'ListPrice') && r.price !== null);
    // A range the client chose may be open at one end.
    const bounds = (value: { filter: { attributeRange?: { min?: number; max?: number } } }) => {
      const { min, max } = value.filter.attributeRange ?? {};
      return [
        min === undefined ? Number.NEGATIVE_INFINITY : parseMoney(min, 'EUR'),
        max === undefined ? Number.POSITIVE_INFINITY : parseMoney(max, 'EUR'),
      ] as const;
    };
    for (const value of facet('ListPrice')) {
      const [low, high] = bounds(value);
      expect(value.matches).toBe(-1);
      if (!value.selectedRange) {
        expect(priced.some((r) => (r.price as number) >= low && (r.price as number) <= high)).toBe(true);
      }
    }
    const listed = facet('ListPrice').filter((v) => !v.selectedRange);
    for (const row of priced) {
      const inside = listed.filter((v) => {
        const [low, high] = bounds(v);
        return (row.price as number) >= low && (row.price as number) <= high;
      });
      expect(inside.length, `price ${row.price}`).toBeLessThanOrEqual(1);
    }

    // Assess: applied values are marked
    for (const input of filters.filter((f) => f.attributeValue !== undefined)) {
      const values = facets.flatMap((f) => f.values).filter((v) => v.filter.fieldName === input.fieldName);
      expect(values.find((v) => v.filter.attributeValue === input.attributeValue)?.selectedValue).toBe(
        input.attributeValue,
      );
    }
  });

  it('includes both ends of a price range', () => {
    // Prepare: a range that starts and ends on one listed product's price
    const row = rows('EUR').find((r) => r.price !== null);
    const decimal = row?.product.prices.EUR?.price as string;
    const exact = rows('EUR').filter((r) => r.price === row?.price);

    // Act
    const outcome = run('', [
      { fieldName: 'ListPrice', attributeRange: { min: Number(decimal), max: Number(decimal) } },
    ]);

    // Assess
    expect(outcome.products.length).toBeGreaterThan(0);
    expect(new Set(outcome.products.map((p) => p.productId))).toEqual(
      new Set(exact.map((r) => r.product.productId)),
    );
  });

  it('sorts hits by name and by price both ways, products without a price last', () => {
    const filters = [{ fieldName: 'CategoryID', attributeValue: 'c2' }];
    const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });
    const name = (p: ShopProduct) => p.name[LOCALE] as string;
    const price = (p: ShopProduct) => parseMoney(p.prices.GBP?.price as string, 'GBP');

    const byName = run('', filters, 'NAME_ASC').products.slice();
    const byNameDesc = run('', filters, 'NAME_DESC').products.slice();
    const byPrice = run('', filters, 'PRICE_ASC', 'GBP').products;
    const byPriceDesc = run('', filters, 'PRICE_DESC', 'GBP').products;

    expect(byName.length).toBeGreaterThan(100);
    for (let i = 1; i < byName.length; i++) {
      expect(
        collator.compare(name(byName[i - 1] as ShopProduct), name(byName[i] as ShopProduct)),
      ).toBeLessThanOrEqual(0);
    }
    expect(byNameDesc.map((p) => p.productId)).toEqual(byName.map((p) => p.productId).reverse());
    const prices = byPrice.map(price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPriceDesc.map(price)).toEqual([...prices].sort((a, b) => b - a));
  });

  it('ranks name matches above keyword and description matches', () => {
    const outcome = run('jacket', [], 'RELEVANCE');

    const inName = outcome.products.map((p) => (p.name[LOCALE] as string).toLowerCase().includes('jacket'));
    expect(inName.length).toBeGreaterThan(10);
    // Once a hit without the term in its name appears, no hit with it follows.
    expect(inName.indexOf(false) === -1 || inName.slice(inName.indexOf(false)).every((x) => !x)).toBe(true);
  });

  it('falls back to the closest catalog word, then to fewer terms, when nothing matches', () => {
    const misspelt = run('jakcet', [], 'RELEVANCE');
    const tooMany = run('jacket zzzzqqq', [], 'RELEVANCE');
    const hopeless = run('zzzzqqq', [], 'RELEVANCE');

    expect(misspelt.fallbackQuery).toBe('jacket');
    expect(misspelt.products.length).toBe(run('jacket', [], 'RELEVANCE').products.length);
    expect(tooMany.fallbackQuery).toBe('jacket');
    expect(hopeless.fallbackQuery).toBe('');
    expect(hopeless.products.length).toBe(0);
  });

  it('keeps a warm search with two filters fast', () => {
    const filters = [
      { fieldName: 'CategoryID', attributeValue: 'c4' },
      { fieldName: 'PreDefString_en_Color', attributeValue: 'green' },
    ];
    run('', filters);

    const started = performance.now();
    for (let i = 0; i < 20; i++) run('', filters);
    const perSearch = (performance.now() - started) / 20;

    expect(perSearch).toBeLessThan(50);
  });
});
