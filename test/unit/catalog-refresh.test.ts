import { beforeAll, describe, expect, it } from 'vitest';
import { generateShopFile } from '../../infra/local/gen-catalog';
import type { CatalogChange, CatalogEntry, CatalogState } from '../../lib/data/catalog/catalog-entries';
import { decodeSnapshot, encodeSnapshot } from '../../lib/data/catalog/catalog-snapshot-format';
import { applyChanges, stateFromEntries, stateFromSnapshot } from '../../lib/data/catalog/catalog-state';
import type { Catalog } from '../../lib/domain/catalog/catalog';
import { projectionOf } from '../../lib/domain/catalog/catalog-projection';
import { listProducts } from '../../lib/domain/catalog/product-listing';
import { parseFilters } from '../../lib/domain/search/filters';
import { searchProducts } from '../../lib/domain/search/search';
import { suggestProducts } from '../../lib/domain/search/suggest';
import type { ShopFile, ShopProduct } from '../../lib/schemas/shop-file';

/**
 * A warm instance's refresh by difference (lib/data/catalog/catalog-state.ts applyChanges) after
 * product writes through the API: products created (new slots at the end), deleted (a master with
 * its variations; later slots move down) and changed. Every read the catalog serves must answer as
 * a catalog built from scratch with the same products does, from a state built from items and from
 * a snapshot alike, and again after the refreshed state is stored as a snapshot.
 */

let file: ShopFile;

const entriesOf = (f: ShopFile): CatalogEntry[] => [
  { kind: 'settings', id: 'shop', position: 0, data: f.settings },
  { kind: 'legal', id: 'contact-information', position: 0, data: f.legal.contactInformation },
  ...f.taxClasses.map((t, i) => ({ kind: 'taxClass' as const, id: t.taxClassId, position: i, data: t })),
  ...f.attributeDefinitions.map((a, i) => ({
    kind: 'attributeDefinition' as const,
    id: a.key,
    position: i,
    data: a,
  })),
  ...f.categories.map((c, i) => ({ kind: 'category' as const, id: c.categoryId, position: i, data: c })),
  ...f.products.map((p, i) => ({ kind: 'product' as const, id: p.productId, position: i, data: p })),
];

beforeAll(() => {
  file = generateShopFile({ products: 600, seed: 11 });
});

/** What the reads of a catalog answer: lists in both sorts, search with facets, a filter, suggest. */
function reads(catalog: Catalog) {
  const ids = (list: { slice(): ShopProduct[] }) => list.slice().map((p) => p.productId);
  const { filters } = parseFilters(
    projectionOf(catalog),
    [{ fieldName: 'CategoryID', attributeValue: file.categories[3]?.categoryId as string }],
    'EUR',
  );
  const search = (query: string, f = filters) =>
    searchProducts(catalog, { query, sortBy: 'RELEVANCE', filters: f, locale: 'en_GB', currency: 'EUR' });
  const all = search('', []);
  return {
    byName: ids(listProducts(catalog, { locale: 'en_GB', currency: 'EUR', sort: 'name', direction: 'asc' })),
    byNameDe: ids(
      listProducts(catalog, { locale: 'de_DE', currency: 'EUR', sort: 'name', direction: 'desc' }),
    ),
    byPrice: ids(
      listProducts(catalog, {
        locale: 'en_GB',
        currency: 'GBP',
        sort: 'price',
        direction: 'asc',
        includeInvisible: true,
      }),
    ),
    searched: ids(all.products),
    facets: all.facets.text,
    inCategory: ids(search('', filters).products),
    query: ids(search('zephyr').products),
    suggested: suggestProducts(catalog, 'zeph', 20, 'en_GB').map((p) => p.productNumber),
    size: catalog.products.size,
  };
}

/** The writes of one log entry: a master and a regular product deleted, one created, one changed. */
function writes(f: ShopFile) {
  const master = f.products.find(
    (p) => p.variationAttributeKeys.length > 0 && p.masterId === null,
  ) as ShopProduct;
  const variations = f.products.filter((p) => p.masterId === master.productId);
  const regular = f.products.find(
    (p) => p.masterId === null && p.variationAttributeKeys.length === 0,
  ) as ShopProduct;
  const changed = f.products.find((p) => p.masterId === null && p !== regular && p !== master) as ShopProduct;
  const created: ShopProduct = {
    ...regular,
    productId: 'new-zephyr',
    productNumber: 'ZEPHYR-1',
    name: { en_GB: 'Zephyr kettle', de_DE: 'Zephyr Kessel' },
    categoryIds: [f.categories[3]?.categoryId as string],
    visible: true,
  };
  const renamed: ShopProduct = { ...changed, name: { en_GB: 'Zephyr mug', de_DE: 'Zephyr Becher' } };
  const gone = new Set([master.productId, regular.productId, ...variations.map((v) => v.productId)]);
  const changes: CatalogChange[] = [
    ...[...gone].map((id) => ({ kind: 'product' as const, id, deleted: true as const })),
    { kind: 'product', id: created.productId, position: f.products.length, data: created },
    { kind: 'product', id: renamed.productId, position: f.products.indexOf(changed), data: renamed },
  ];
  const after: ShopFile = {
    ...f,
    products: [
      ...f.products.filter((p) => !gone.has(p.productId)).map((p) => (p === changed ? renamed : p)),
      created,
    ],
  };
  return { changes, after, gone };
}

/** Builds the lazy parts a warm instance has built, so the refresh patches them rather than builds them. */
function warmed(state: CatalogState): CatalogState {
  reads(state.catalog);
  return state;
}

describe('refresh by difference after product writes', () => {
  it.each([
    ['built from items', () => stateFromEntries('s', 1, entriesOf(file), null)],
    [
      'loaded from a snapshot',
      async () => {
        const chunks = await encodeSnapshot(stateFromEntries('s', 1, entriesOf(file), null));
        return stateFromSnapshot('s', 1, decodeSnapshot(chunks), { id: 'x', version: 1 });
      },
    ],
  ])('answers as a catalog built from scratch (%s)', async (_, initial) => {
    // Prepare
    const { changes, after, gone } = writes(file);
    const before = warmed(await initial());
    const fresh = stateFromEntries('s', 2, entriesOf(after), null);

    // Act
    const refreshed = applyChanges(before, 2, changes);
    const stored = await encodeSnapshot(refreshed);
    const reloaded = stateFromSnapshot('s', 2, decodeSnapshot(stored), { id: 'y', version: 2 });

    // Assess
    const expected = reads(fresh.catalog);
    expect(expected.query).toContain('new-zephyr');
    expect(reads(refreshed.catalog)).toEqual(expected);
    expect(reads(reloaded.catalog)).toEqual(expected);
    expect(refreshed.projection.columns.ids).toEqual(fresh.projection.columns.ids);
    for (const id of gone) expect(refreshed.catalog.products.get(id)).toBeUndefined();
    expect(refreshed.catalog.products.get('new-zephyr')?.productNumber).toBe('ZEPHYR-1');
    expect([...reloaded.catalog.products.keys()]).toEqual([...fresh.catalog.products.keys()]);
  });

  it('applies many log entries at once as it would one by one (a cold start behind the log)', () => {
    // Prepare: entries that create, change, then delete across versions
    const { changes } = writes(file);
    const created = changes.find((c) => c.id === 'new-zephyr') as CatalogChange & { data: ShopProduct };
    const entries: CatalogChange[][] = [
      changes,
      [{ ...created, data: { ...created.data, name: { en_GB: 'Zephyr jug', de_DE: 'Zephyr Krug' } } }],
      [
        {
          ...created,
          id: 'new-gale',
          position: file.products.length + 1,
          data: { ...created.data, productId: 'new-gale', productNumber: 'GALE-1' },
        },
      ],
      [{ kind: 'product', id: 'new-zephyr', deleted: true }],
    ];

    // Act
    const oneByOne = entries.reduce(
      (s, list, k) => applyChanges(s, 2 + k, list),
      warmed(stateFromEntries('s', 1, entriesOf(file), null)),
    );
    const atOnce = applyChanges(warmed(stateFromEntries('s', 1, entriesOf(file), null)), 5, entries.flat());

    // Assess
    expect(reads(atOnce.catalog)).toEqual(reads(oneByOne.catalog));
    expect(atOnce.projection.columns.ids).toEqual(oneByOne.projection.columns.ids);
    expect(atOnce.catalog.products.get('new-gale')?.productNumber).toBe('GALE-1');
    expect(atOnce.catalog.products.get('new-zephyr')).toBeUndefined();
  });

  it('carries the suggest index over by difference: the same suggestions, no other product read', () => {
    const { changes, after } = writes(file);
    const before = warmed(stateFromEntries('s', 1, entriesOf(file), null));
    const fresh = stateFromEntries('s', 2, entriesOf(after), null);
    const read = new Set<string>();
    const original = before.products.get.bind(before.products);
    before.products.get = (id: string) => {
      read.add(id);
      return original(id);
    };

    const refreshed = applyChanges(before, 2, changes);
    const queries = ['zeph', 'a', 'b', 's', 'mug', 'ze ke'];
    const suggested = (catalog: Catalog) =>
      queries.map((q) => suggestProducts(catalog, q, 20, 'en_GB').map((p) => p.productId));
    refreshed.catalog.products.get = () => {
      throw new Error('the carried index reads no product');
    };

    expect(suggested(refreshed.catalog)).toEqual(suggested(fresh.catalog));
    expect(read.size).toBe(0);
  });

  it('does not rebuild: products untouched by the writes are not read again', () => {
    const { changes } = writes(file);
    const before = warmed(stateFromEntries('s', 1, entriesOf(file), null));
    const reads0 = new Set<string>();
    const original = before.products.get.bind(before.products);
    before.products.get = (id: string) => {
      reads0.add(id);
      return original(id);
    };

    applyChanges(before, 2, changes);

    expect(reads0.size).toBe(0);
  });
});
