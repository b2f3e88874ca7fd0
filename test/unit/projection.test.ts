import { beforeAll, describe, expect, it } from 'vitest';
import { generateShopFile } from '../../infra/local/gen-catalog';
import type { Catalog } from '../../lib/domain/catalog/catalog';
import { projectionOf } from '../../lib/domain/catalog/catalog-projection';
import { type ListingOptions, listProducts } from '../../lib/domain/catalog/product-listing';
import { parseMoney } from '../../lib/domain/money/money';
import { parseFilters } from '../../lib/domain/search/filters';
import { editDistance, parseQueryTerms } from '../../lib/domain/search/query';
import { searchProducts } from '../../lib/domain/search/search';
import type { ShopFile, ShopProduct } from '../../lib/schemas/shop-file';
import { catalogOf } from '../support/catalog';
import { demoCatalog } from './support/demo-catalog';

/** The catalog projection: listing over pre-sorted orders equals a plain sort, and follows every new catalog. */

let file: ShopFile;
let catalog: Catalog;

beforeAll(() => {
  file = generateShopFile({ products: 4000, seed: 3 });
  // Some products without a GBP price: they sort last in GBP either way.
  file.products = file.products.map((p, i) => {
    if (i % 97 !== 0) return p;
    const { GBP: _dropped, ...prices } = p.prices;
    return { ...p, prices };
  });
  catalog = catalogOf(file);
});

const ids = (products: { slice(): ShopProduct[] }) => products.slice().map((p) => p.productId);
const byId = (a: ShopProduct, b: ShopProduct) => (a.productId < b.productId ? -1 : 1);

function bruteList(options: ListingOptions): string[] {
  const collator = new Intl.Collator(options.locale.replace('_', '-'), {
    sensitivity: 'base',
    numeric: true,
  });
  const listed = file.products.filter((p) => p.masterId === null && (p.visible || options.includeInvisible));
  if (options.sort === 'name') {
    const sorted = listed.sort(
      (a, b) => collator.compare(a.name[options.locale] ?? '', b.name[options.locale] ?? '') || byId(a, b),
    );
    return ids(options.direction === 'asc' ? sorted : sorted.reverse());
  }
  const price = (p: ShopProduct) => {
    const decimal = p.prices[options.currency]?.price;
    return decimal === undefined ? null : parseMoney(decimal, options.currency);
  };
  const priced = listed
    .filter((p) => price(p) !== null)
    .sort((a, b) => (price(a) as number) - (price(b) as number) || byId(a, b));
  const unpriced = listed.filter((p) => price(p) === null).sort(byId);
  return ids([...(options.direction === 'asc' ? priced : priced.reverse()), ...unpriced]);
}

describe('listing over the projection', () => {
  it.each([
    { locale: 'en_GB', currency: 'EUR', sort: 'name', direction: 'asc' },
    { locale: 'de_DE', currency: 'EUR', sort: 'name', direction: 'desc' },
    { locale: 'en_GB', currency: 'GBP', sort: 'price', direction: 'asc' },
    { locale: 'en_GB', currency: 'GBP', sort: 'price', direction: 'desc' },
    { locale: 'en_GB', currency: 'EUR', sort: 'price', direction: 'asc', includeInvisible: true },
  ] as ListingOptions[])('orders like a plain sort: %o', (options) => {
    // Act
    const listed = listProducts(catalog, options);

    // Assess
    expect(ids(listed)).toEqual(bruteList(options));
  });

  it('filters by a category with its whole subtree', () => {
    const parentOf = new Map(file.categories.map((c) => [c.categoryId, c.parentId]));
    const inTree = (p: ShopProduct) =>
      p.categoryIds.some((id) => {
        for (let c: string | null | undefined = id; c; c = parentOf.get(c)) if (c === 'c2') return true;
        return false;
      });

    const listed = listProducts(catalog, {
      locale: 'en_GB',
      currency: 'EUR',
      sort: 'name',
      direction: 'asc',
      categoryId: 'c2',
    });

    const expected = new Set(
      file.products.filter((p) => p.visible && p.masterId === null && inTree(p)).map((p) => p.productId),
    );
    expect(new Set(ids(listed))).toEqual(expected);
    expect(listed.length).toBeGreaterThan(100);
  });

  it('keeps the order of ids, drops unknown and invisible ones, and finds variations', () => {
    const variation = file.products.find((p) => p.masterId !== null && p.visible) as ShopProduct;
    const hidden = file.products.find((p) => !p.visible) as ShopProduct;
    const [a, b] = file.products.filter((p) => p.visible && p.masterId === null).slice(-2) as ShopProduct[];
    const wanted = [b?.productId, 'nope', variation.productId, hidden.productId, a?.productId] as string[];

    const listed = listProducts(catalog, {
      locale: 'en_GB',
      currency: 'EUR',
      sort: 'name',
      direction: 'asc',
      ids: wanted,
    });
    const withHidden = listProducts(catalog, {
      locale: 'en_GB',
      currency: 'EUR',
      sort: 'name',
      direction: 'asc',
      ids: wanted,
      includeInvisible: true,
    });

    expect(ids(listed)).toEqual([b?.productId, variation.productId, a?.productId]);
    expect(ids(withHidden)).toEqual([b?.productId, variation.productId, hidden.productId, a?.productId]);
  });

  it('matches every term of q in any searchable field, case-insensitively', () => {
    const listed = listProducts(catalog, {
      locale: 'de_DE',
      currency: 'EUR',
      sort: 'name',
      direction: 'asc',
      q: 'JACKE+bergfink',
    });

    expect(listed.length).toBeGreaterThan(0);
    for (const p of listed.slice()) {
      expect(p.manufacturer).toBe('Bergfink');
      expect(`${p.name.de_DE} ${p.searchKeywords.join(' ')}`.toLowerCase()).toContain('jacke');
    }
  });
});

describe('projection lifecycle', () => {
  it('is built once per Catalog object', () => {
    expect(projectionOf(catalog)).toBe(projectionOf(catalog));
  });

  it('follows a new catalog version: a renamed product moves, a changed attribute is searchable', () => {
    // Prepare: the next version of the demo catalog, as loadCatalog builds it after a write
    const before = demoCatalog();
    const listedBefore = listProducts(before, {
      locale: 'en_GB',
      currency: 'EUR',
      sort: 'name',
      direction: 'asc',
    });
    const products = new Map(before.products);
    const pot = products.get('titanium-pot') as ShopProduct;
    products.set('titanium-pot', {
      ...pot,
      name: { ...pot.name, en_GB: 'Aardvark Pot' },
      attributes: { ...pot.attributes, Color: 'red' },
    });
    const after: Catalog = { ...before, version: before.version + 1, products };

    // Act
    const listedAfter = listProducts(after, {
      locale: 'en_GB',
      currency: 'EUR',
      sort: 'name',
      direction: 'asc',
    });
    const red = (c: Catalog) => {
      const { filters } = parseFilters(
        projectionOf(c),
        [{ fieldName: 'PreDefString_en_Color', attributeValue: 'red' }],
        'EUR',
      );
      return ids(
        searchProducts(c, { query: '', sortBy: 'NAME_ASC', filters, locale: 'en_GB', currency: 'EUR' })
          .products,
      );
    };

    // Assess
    expect(listedBefore.slice()[0]?.productId).not.toBe('titanium-pot');
    expect(listedAfter.slice()[0]?.productId).toBe('titanium-pot');
    expect(red(before)).not.toContain('titanium-pot');
    expect(red(after)).toContain('titanium-pot');
  });
});

describe('query terms', () => {
  it.each([
    ['red jacket', ['red', 'jacket']],
    ['red+jacket', ['red', 'jacket']],
    ['"Red  Jacket"', ['red jacket']],
    ['"rain jacket" +merino', ['rain jacket', 'merino']],
    ['  ', []],
    ['"unclosed phrase', ['unclosed', 'phrase']],
    ['BF-1040', ['bf-1040']],
  ])('%s → %o', (text, terms) => {
    expect(parseQueryTerms(text)).toEqual(terms);
  });

  it('measures edit distance and gives up beyond the limit', () => {
    expect(editDistance('jakcet', 'jacket', 2)).toBe(2);
    expect(editDistance('jacket', 'jacket', 2)).toBe(0);
    expect(editDistance('tent', 'tend', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});
