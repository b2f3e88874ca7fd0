import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../lib/domain/catalog/catalog';
import { aliasFromName, uniqueAlias } from '../../lib/domain/categories/category-alias';
import { assigned, unassigned, unknownAssignmentIds } from '../../lib/domain/categories/category-assignments';
import { sequenceProblems } from '../../lib/domain/categories/category-sequence';
import {
  childrenOf,
  isShown,
  rootCategory,
  subtreeChildrenFirst,
  treeOrder,
} from '../../lib/domain/categories/category-tree';
import type { ShopCategory } from '../../lib/schemas/shop-file';
import { demoCatalog, productOf } from './support/demo-catalog';

/** The demo catalog with extra categories appended (after the seed ones, as positions would order them). */
function withCategories(catalog: Catalog, extra: Partial<ShopCategory>[]): Catalog {
  const categories = new Map(catalog.categories);
  const template = catalog.categories.get('clothing') as ShopCategory;
  for (const c of extra) categories.set(c.categoryId as string, { ...template, ...c } as ShopCategory);
  return { ...catalog, categories };
}

describe('category tree', () => {
  const catalog = demoCatalog();

  it('finds the root and the children in sequence order', () => {
    expect(rootCategory(catalog)?.categoryId).toBe('root');
    expect(childrenOf(catalog, 'kitchen').map((c) => c.categoryId)).toEqual([
      'cookware',
      'knives-utensils',
      'tableware',
      'prototypes',
    ]);
    expect(childrenOf(catalog, 'cookware')).toEqual([]);
  });

  it('lists the tree depth-first, leaving out invisible categories and what lies below them', () => {
    // Prepare
    const tree = withCategories(catalog, [
      { categoryId: 'under-prototypes', parentId: 'prototypes', alias: 'x', visible: true },
    ]);

    // Act
    const visible = treeOrder(tree, false).map((c) => c.categoryId);
    const all = treeOrder(tree, true).map((c) => c.categoryId);

    // Assess
    expect(visible.slice(0, 5)).toEqual(['root', 'clothing', 'jackets', 'shirts', 'socks-accessories']);
    expect(visible).not.toContain('prototypes');
    expect(visible).not.toContain('under-prototypes');
    expect(all.indexOf('under-prototypes')).toBe(all.indexOf('prototypes') + 1);
    expect(all).toHaveLength(tree.categories.size);
  });

  it('counts a category as shown only when it and all its ancestors are visible', () => {
    const tree = withCategories(catalog, [{ categoryId: 'deep', parentId: 'prototypes', alias: 'deep' }]);

    expect(isShown(tree, tree.categories.get('cookware') as ShopCategory)).toBe(true);
    expect(isShown(tree, tree.categories.get('prototypes') as ShopCategory)).toBe(false);
    expect(isShown(tree, tree.categories.get('deep') as ShopCategory)).toBe(false);
  });

  it('orders a subtree children before parents', () => {
    const subtree = subtreeChildrenFirst(catalog, 'clothing').map((c) => c.categoryId);

    expect(subtree).toEqual(['jackets', 'shirts', 'socks-accessories', 'clothing']);
    expect(subtreeChildrenFirst(catalog, 'nope')).toEqual([]);
    const everything = subtreeChildrenFirst(catalog, 'root').map((c) => c.categoryId);
    for (const c of catalog.categories.values()) {
      if (c.parentId) expect(everything.indexOf(c.categoryId)).toBeLessThan(everything.indexOf(c.parentId));
    }
  });
});

describe('category aliases', () => {
  it.each([
    ['Pots & Pans', 'pots-pans'],
    ['Töpfe & Pfannen', 'topfe-pfannen'],
    ['Große Füße', 'grosse-fusse'],
    ['  --Hello__World--  ', 'hello-world'],
    ['&&&', 'category'],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('makes %j into %j', (name, alias) => {
    expect(aliasFromName(name)).toBe(alias);
  });

  it('appends the first free number to a taken alias, within the length limit', () => {
    expect(uniqueAlias('shoes', new Set())).toBe('shoes');
    expect(uniqueAlias('shoes', new Set(['shoes']))).toBe('shoes1');
    expect(uniqueAlias('shoes', new Set(['shoes', 'shoes1', 'shoes2']))).toBe('shoes3');
    const long = 'y'.repeat(100);
    expect(uniqueAlias(long, new Set([long]))).toBe(`${'y'.repeat(99)}1`);
  });
});

describe('category sequence', () => {
  const children = childrenOf(demoCatalog(), 'clothing');

  it('accepts exactly the current subcategories in any order', () => {
    expect(sequenceProblems(children, ['socks-accessories', 'jackets', 'shirts'])).toEqual([]);
    expect(sequenceProblems([], [])).toEqual([]);
  });

  it('names unknown, repeated and missing aliases', () => {
    expect(sequenceProblems(children, ['jackets', 'hats', 'jackets'])).toEqual([
      { field: '[1]', message: 'hats is not a subcategory' },
      { field: '[2]', message: 'jackets is named twice' },
      { field: 'body', message: 'subcategories missing from the sequence: shirts, socks-accessories' },
    ]);
  });
});

describe('product-category assignments', () => {
  const catalog = demoCatalog();
  const beans = productOf(catalog, 'espresso-beans');

  it('appends new categories once and reports no change when all are there', () => {
    expect(assigned(beans, ['maps', 'coffee-tea', 'maps'])?.categoryIds).toEqual(['coffee-tea', 'maps']);
    expect(assigned(beans, ['coffee-tea'])).toBeNull();
  });

  it('removes categories and reports no change when none was assigned', () => {
    expect(unassigned(beans, new Set(['coffee-tea', 'maps']))?.categoryIds).toEqual([]);
    expect(unassigned(beans, new Set(['maps']))).toBeNull();
  });

  it('names unknown categories and products', () => {
    expect(unknownAssignmentIds(catalog, ['maps', 'x'], ['espresso-beans', 'y'])).toEqual([
      { field: 'categoryId', message: 'unknown category x' },
      { field: 'productId', message: 'unknown product y' },
    ]);
  });
});
