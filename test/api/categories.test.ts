import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { importShop } from '../../lib/data/import-shop';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { call, tokenFor } from '../support/api';
import { useLocalTable } from '../support/local-env';

/**
 * Categories through real HTTP. Reads of the seed tree use the demo shop; every change happens in
 * a private copy of the demo shop, so tests elsewhere that read the seed stay valid.
 */

type Link = { rel: string; href: string; title?: string };
type Category = {
  categoryId: string;
  alias: string;
  name: string;
  visible: boolean;
  parent: Link | null;
  subCategories: Link[];
  links: Link[];
};

const shop = `cat-${Date.now().toString(36)}`;
const readOnly = () => tokenFor(shop, ['products_read']);
const ids = (list: Category[]) => list.map((c) => c.categoryId);
const childIds = (c: Category) => c.subCategories.map((s) => s.href.split('/').at(-1));

/** Creates a subcategory in the private shop; returns its body. */
async function createCategory(parentId: string, body?: unknown, query = ''): Promise<Category> {
  const response = await call(`/${shop}/categories/${parentId}${query}`, { method: 'POST', body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body;
}

beforeAll(async () => {
  useLocalTable();
  await importShop(shop, await readShopFile('infra/local/seed/demo.json'));
});

describe('GET /{shopId}/categories', () => {
  it('lists the visible tree flat, depth-first from the root, siblings in sequence order', async () => {
    // Act
    const response = await call('/demo/categories');

    // Assess
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const list: Category[] = response.body;
    expect(ids(list).slice(0, 6)).toEqual([
      'root',
      'clothing',
      'jackets',
      'shirts',
      'socks-accessories',
      'camping',
    ]);
    expect(ids(list)).not.toContain('prototypes');
    expect(ids(list)).toEqual(expect.arrayContaining(['kitchen', 'cookware', 'food', 'books', 'cookbooks']));
    expect(list.every((c) => c.visible)).toBe(true);
  });

  it('answers in the requested locale, falling back to the default', async () => {
    const german = await call('/demo/categories?locale=de_DE');
    const fallback = await call('/demo/categories?locale=fr_FR');

    expect(german.body[1]).toMatchObject({ categoryId: 'clothing', name: 'Bekleidung' });
    expect(fallback.body[1]).toMatchObject({ categoryId: 'clothing', name: 'Clothing' });
  });

  it('includes invisible categories with includeInvisible=true, which needs products_write', async () => {
    const refused = await call('/demo/categories?includeInvisible=true', {
      token: tokenFor('demo', ['products_read']),
    });
    const allowed = await call('/demo/categories?includeInvisible=true');
    const notAsked = await call('/demo/categories?includeInvisible=false', {
      token: tokenFor('demo', ['products_read']),
    });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('products_write');
    expect(allowed.status).toBe(200);
    expect(ids(allowed.body)).toContain('prototypes');
    expect(notAsked.status).toBe(200);
  });

  it('needs products_read and rejects bad query values', async () => {
    const refused = await call('/demo/categories', { token: tokenFor('demo', ['products_write']) });
    const badFlag = await call('/demo/categories?includeInvisible=yes');
    const badLocale = await call('/demo/categories?locale=german');

    expect(refused.status).toBe(403);
    expect(badFlag.status).toBe(400);
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.errors).toEqual([{ field: 'locale', message: expect.any(String) }]);
  });
});

describe('GET /{shopId}/categories/{categoryId}', () => {
  it('renders every field of the Category resource', async () => {
    // Act
    const response = await call('/demo/categories/clothing');

    // Assess
    expect(response.status).toBe(200);
    const base = response.body.links[0].href.split('/demo/')[0];
    expect(response.body).toEqual({
      categoryId: 'clothing',
      alias: 'clothing',
      name: 'Clothing',
      pageTitle: 'Clothing | Waldpfad Outdoor & Home',
      navigationCaption: 'Clothing',
      description: '<p>Functional clothing for trail and town.</p>',
      visible: true,
      visibleInNavigation: true,
      specialOffer: false,
      facetedSearchShowFacetsOnCategory: true,
      facetedSearchCategoryStartDepth: 0,
      images: [],
      parent: { rel: 'parent', href: `${base}/demo/categories/root`, title: 'Waldpfad Outdoor & Home' },
      subCategories: [
        { rel: 'child', href: `${base}/demo/categories/jackets`, title: 'Jackets' },
        { rel: 'child', href: `${base}/demo/categories/shirts`, title: 'Shirts & Tops' },
        { rel: 'child', href: `${base}/demo/categories/socks-accessories`, title: 'Socks & Accessories' },
      ],
      sfUrl: 'https://demo-shop.example.com/c/clothing',
      links: [{ rel: 'products', href: `${base}/demo/products?categoryId=clothing` }],
    });
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('localizes with fallback; the root has no parent', async () => {
    const german = await call('/demo/categories/cookware?locale=de_DE');
    const fallback = await call('/demo/categories/cookware?locale=it_IT');
    const root = await call('/demo/categories/root');

    expect(german.body).toMatchObject({ name: 'Töpfe & Pfannen', parent: { title: 'Küche & Haushalt' } });
    expect(fallback.body).toMatchObject({ name: 'Pots & Pans', parent: { title: 'Kitchen & Home' } });
    expect(root.body.parent).toBeNull();
    expect(childIds(root.body)).toEqual(['clothing', 'camping', 'kitchen', 'food', 'books']);
  });

  it('hides invisible categories (404, and not among subCategories) unless includeInvisible with products_write', async () => {
    const hidden = await call('/demo/categories/prototypes');
    const refused = await call('/demo/categories/prototypes?includeInvisible=true', {
      token: tokenFor('demo', ['products_read']),
    });
    const shown = await call('/demo/categories/prototypes?includeInvisible=true');
    const parent = await call('/demo/categories/kitchen');
    const parentAll = await call('/demo/categories/kitchen?includeInvisible=true');

    expect(hidden.status).toBe(404);
    expect(refused.status).toBe(403);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ categoryId: 'prototypes', visible: false });
    expect(childIds(parent.body)).toEqual(['cookware', 'knives-utensils', 'tableware']);
    expect(childIds(parentAll.body)).toEqual(['cookware', 'knives-utensils', 'tableware', 'prototypes']);
  });

  it('answers 404 for an unknown category or shop, 403 without products_read', async () => {
    const unknown = await call('/demo/categories/no-such-category');
    const noShop = await call('/nowhere/categories/root', { token: tokenFor('nowhere') });
    const refused = await call('/demo/categories/clothing', { token: tokenFor('demo', ['carts_read']) });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: '404', message: 'Category not found' });
    expect(noShop.status).toBe(404);
    expect(refused.status).toBe(403);
  });
});

describe('POST /{shopId}/categories/{parentId}', () => {
  it('creates an invisible subcategory, last in the sequence, with a Location', async () => {
    // Act
    const response = await call(`/${shop}/categories/clothing`, {
      method: 'POST',
      body: { name: 'Hats & Caps' },
    });

    // Assess
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/${shop}/categories/${response.body.categoryId}`);
    expect(response.body).toMatchObject({
      categoryId: expect.stringMatching(/^[0-9A-Z]{26}$/),
      alias: 'hats-caps',
      name: 'Hats & Caps',
      pageTitle: 'Hats & Caps',
      navigationCaption: 'Hats & Caps',
      description: null,
      visible: false,
      visibleInNavigation: true,
      parent: { rel: 'parent', title: 'Clothing' },
      subCategories: [],
    });
    const sequence = await call(`/${shop}/categories/clothing/sequence`);
    expect(sequence.body.at(-1)).toBe('hats-caps');
    const hidden = await call(`/${shop}/categories/${response.body.categoryId}`);
    const shown = await call(`/${shop}/categories/${response.body.categoryId}?includeInvisible=true`);
    expect(hidden.status).toBe(404);
    expect(shown.body).toMatchObject({ alias: 'hats-caps', visible: false });
  });

  it('appends a number to an alias a sibling has (shoes, shoes1, shoes2)', async () => {
    const parent = await createCategory('root', { alias: 'alias-parent' });

    const first = await createCategory(parent.categoryId, { name: 'Shoes' });
    const second = await createCategory(parent.categoryId, { name: 'Shoes' });
    const third = await createCategory(parent.categoryId, { alias: 'shoes', name: 'Boots' });
    const elsewhere = await createCategory('camping', { alias: 'shoes' });

    expect([first.alias, second.alias, third.alias]).toEqual(['shoes', 'shoes1', 'shoes2']);
    expect(elsewhere.alias).toBe('shoes');
  });

  it('takes every field as optional and derives the alias from the name', async () => {
    const empty = await call(`/${shop}/categories/books`, { method: 'POST' });
    const braces = await call(`/${shop}/categories/books`, { method: 'POST', body: {} });
    const umlauts = await createCategory('books', { name: 'Bücher über Wälder' });

    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ alias: 'new-category', name: 'New category', visible: false });
    expect(braces.body.alias).toBe('new-category1');
    expect(umlauts.alias).toBe('bucher-uber-walder');
  });

  it('writes texts in the query locale, and in the default locale until set there', async () => {
    const created = await createCategory(
      'food',
      { name: 'Käse', description: '<p>Aus dem Schwarzwald</p>' },
      '?locale=de_DE',
    );

    const english = await call(
      `/${shop}/categories/${created.categoryId}?includeInvisible=true&locale=en_GB`,
    );

    expect(created).toMatchObject({ name: 'Käse', description: '<p>Aus dem Schwarzwald</p>' });
    expect(english.body).toMatchObject({ name: 'Käse', description: '<p>Aus dem Schwarzwald</p>' });
  });

  it('refuses bad input: 400 for unknown fields, bad aliases and locales the shop lacks; 404 for an unknown parent', async () => {
    const visible = await call(`/${shop}/categories/root`, { method: 'POST', body: { visible: true } });
    const badAlias = await call(`/${shop}/categories/root`, {
      method: 'POST',
      body: { alias: 'no spaces/slashes' },
    });
    const badName = await call(`/${shop}/categories/root`, { method: 'POST', body: { name: '' } });
    const badLocale = await call(`/${shop}/categories/root?locale=fr_FR`, { method: 'POST', body: {} });
    const unknownParent = await call(`/${shop}/categories/nope`, { method: 'POST', body: {} });
    const malformed = await call(`/${shop}/categories/root`, { method: 'POST', rawBody: '{"name":' });

    expect(visible.status).toBe(400);
    expect(badAlias.status).toBe(400);
    expect(badAlias.body.errors[0].field).toBe('alias');
    expect(badName.body.errors[0].field).toBe('name');
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.errors).toEqual([{ field: 'locale', message: expect.stringContaining('fr_FR') }]);
    expect(unknownParent.status).toBe(404);
    expect(malformed.status).toBe(400);
  });

  it('needs products_write', async () => {
    const refused = await call(`/${shop}/categories/root`, { method: 'POST', body: {}, token: readOnly() });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('products_write');
  });
});

describe('PUT /{shopId}/categories/{categoryId}', () => {
  it('changes the fields sent, localized ones in the query locale, and shows at once in later reads', async () => {
    // Prepare
    const created = await createCategory('camping', { name: 'Hammocks' });
    const path = `/${shop}/categories/${created.categoryId}`;

    // Act
    const german = await call(`${path}?locale=de_DE`, {
      method: 'PUT',
      body: { categoryId: created.categoryId, name: 'Hängematten', pageTitle: 'Hängematten | Waldpfad' },
    });
    const shown = await call(path, {
      method: 'PUT',
      body: {
        categoryId: created.categoryId,
        visible: true,
        visibleInNavigation: false,
        alias: 'hammocks-nets',
        description: '<p>Sleep high</p>',
      },
    });

    // Assess
    expect(german.status).toBe(200);
    expect(german.body).toMatchObject({
      name: 'Hängematten',
      pageTitle: 'Hängematten | Waldpfad',
      visible: false,
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      name: 'Hammocks',
      alias: 'hammocks-nets',
      visible: true,
      visibleInNavigation: false,
      description: '<p>Sleep high</p>',
    });
    const read = await call(`${path}?locale=de_DE`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      name: 'Hängematten',
      alias: 'hammocks-nets',
      description: '<p>Sleep high</p>',
    });
    const parent = await call(`/${shop}/categories/camping`);
    expect(childIds(parent.body)).toContain(created.categoryId);
    const list = await call(`/${shop}/categories`);
    expect(ids(list.body)).toContain(created.categoryId);
  });

  it('removes a text in one locale with null and keeps the category where it was in the sequence', async () => {
    const before = await call(`/${shop}/categories/kitchen/sequence`);

    const cleared = await call(`/${shop}/categories/cookware?locale=de_DE`, {
      method: 'PUT',
      body: { categoryId: 'cookware', description: '<p>Gusseisen</p>' },
    });
    const removed = await call(`/${shop}/categories/cookware?locale=de_DE`, {
      method: 'PUT',
      body: { categoryId: 'cookware', description: null },
    });

    expect(cleared.body.description).toBe('<p>Gusseisen</p>');
    expect(removed.body.description).toBeNull();
    expect((await call(`/${shop}/categories/kitchen/sequence`)).body).toEqual(before.body);
  });

  it('answers 400 when the body categoryId differs from the path, 409 for an alias a sibling has', async () => {
    const mismatch = await call(`/${shop}/categories/jackets`, {
      method: 'PUT',
      body: { categoryId: 'shirts' },
    });
    const jackets = (body: object) =>
      call(`/${shop}/categories/jackets`, { method: 'PUT', body: { categoryId: 'jackets', ...body } });
    const taken = await jackets({ alias: 'shirts' });
    const own = await jackets({ alias: 'jackets' });
    const cousin = await createCategory('camping', { alias: 'cousin' });
    const elsewhere = await call(`/${shop}/categories/${cousin.categoryId}`, {
      method: 'PUT',
      body: { categoryId: cousin.categoryId, alias: 'shirts' },
    });

    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([
      { field: 'categoryId', message: expect.stringContaining('jackets') },
    ]);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ status: '409', message: expect.stringContaining('shirts') });
    expect(own.status).toBe(200);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.alias).toBe('shirts');
  });

  it('answers 404 for an unknown category, 400 for unknown fields or bad values, 403 without products_write', async () => {
    const jackets = (body: object) =>
      call(`/${shop}/categories/jackets`, { method: 'PUT', body: { categoryId: 'jackets', ...body } });
    const unknown = await call(`/${shop}/categories/nope`, {
      method: 'PUT',
      body: { categoryId: 'nope', name: 'x' },
    });
    const field = await jackets({ parentId: 'root' });
    const value = await jackets({ visible: 'yes' });
    const locale = await call(`/${shop}/categories/jackets?locale=es_ES`, {
      method: 'PUT',
      body: { categoryId: 'jackets', name: 'x' },
    });
    const refused = await call(`/${shop}/categories/jackets`, { method: 'PUT', body: {}, token: readOnly() });

    expect(unknown.status).toBe(404);
    expect(field.status).toBe(400);
    expect(value.status).toBe(400);
    expect(value.body.errors[0].field).toBe('visible');
    expect(locale.status).toBe(400);
    expect(refused.status).toBe(403);
  });

  it('answers 400 for a body that does not name the category (`{}` says nothing) and changes nothing', async () => {
    const before = await call(`/${shop}/categories/jackets`);

    const empty = await call(`/${shop}/categories/jackets`, { method: 'PUT', body: {} });
    const unnamed = await call(`/${shop}/categories/jackets`, { method: 'PUT', body: { name: 'Coats' } });

    for (const refused of [empty, unnamed]) {
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        status: '400',
        errors: [{ field: 'categoryId', message: expect.any(String) }],
      });
    }
    expect((await call(`/${shop}/categories/jackets`)).body).toEqual(before.body);
  });
});

describe('GET and PUT /{shopId}/categories/{categoryId}/sequence', () => {
  it('lists all subcategories in order, invisible ones too', async () => {
    const clothing = await call('/demo/categories/clothing/sequence');
    const kitchen = await call('/demo/categories/kitchen/sequence');

    expect(clothing.status).toBe(200);
    expect(clothing.body).toEqual(['jackets', 'shirts', 'socks-accessories']);
    expect(kitchen.body).toEqual(['cookware', 'knives-utensils', 'tableware', 'prototypes']);
  });

  it('reorders the subcategories and answers with the new order, seen at once everywhere', async () => {
    // Prepare
    const parent = await createCategory('root', { alias: 'sequence-parent' });
    for (const alias of ['a', 'b', 'c']) await createCategory(parent.categoryId, { alias });
    const path = `/${shop}/categories/${parent.categoryId}`;

    // Act
    const response = await call(`${path}/sequence`, { method: 'PUT', body: ['c', 'a', 'b'] });

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toEqual(['c', 'a', 'b']);
    expect((await call(`${path}/sequence`)).body).toEqual(['c', 'a', 'b']);
    const parentView = await call(`${path}?includeInvisible=true`);
    const titles = parentView.body.subCategories.map((s: Link) => s.title);
    expect(titles).toEqual(['c', 'a', 'b']);
    const all = await call(`/${shop}/categories?includeInvisible=true`);
    const aliases = all.body
      .filter((c: Category) => c.parent?.href.endsWith(parent.categoryId))
      .map((c: Category) => c.alias);
    expect(aliases).toEqual(['c', 'a', 'b']);
    const added = await createCategory(parent.categoryId, { alias: 'd' });
    expect((await call(`${path}/sequence`)).body).toEqual(['c', 'a', 'b', added.alias]);
  });

  it('reorders the seed categories of a private shop, and the tree list follows', async () => {
    const path = `/${shop}/categories/root/sequence`;
    const wanted = ['books', 'food', 'kitchen', 'camping', 'clothing'];
    const others = ((await call(path)).body as string[]).filter((alias) => !wanted.includes(alias));

    const response = await call(path, { method: 'PUT', body: [...wanted, ...others] });

    expect(response.status).toBe(200);
    const root = await call(`/${shop}/categories/root`);
    expect(root.body.subCategories.map((s: Link) => s.title)).toEqual([
      'Books & Maps',
      'Food & Drink',
      'Kitchen & Home',
      'Camping',
      'Clothing',
    ]);
    const list = await call(`/${shop}/categories`);
    const topLevel = list.body.filter((c: Category) => c.parent?.title === 'Waldpfad Outdoor & Home');
    expect(topLevel.map((c: Category) => c.alias)).toEqual(wanted);
  });

  it('answers 400 unless the body names exactly the current subcategories', async () => {
    const path = `/${shop}/categories/clothing/sequence`;
    const current: string[] = (await call(path)).body;

    const missing = await call(path, { method: 'PUT', body: current.slice(1) });
    const unknown = await call(path, { method: 'PUT', body: [...current, 'nope'] });
    const twice = await call(path, { method: 'PUT', body: [...current, current[0]] });
    const notArray = await call(path, { method: 'PUT', body: { aliases: current } });

    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: 'body', message: expect.stringContaining(current[0] as string) },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { field: `[${current.length}]`, message: 'nope is not a subcategory' },
    ]);
    expect(twice.status).toBe(400);
    expect(notArray.status).toBe(400);
    expect((await call(path)).body).toEqual(current);
  });

  it('answers 404 for an unknown category and 403 without products_write', async () => {
    const unknown = await call(`/${shop}/categories/nope/sequence`);
    const unknownPut = await call(`/${shop}/categories/nope/sequence`, { method: 'PUT', body: [] });
    const refused = await call(`/${shop}/categories/clothing/sequence`, { token: readOnly() });
    const refusedPut = await call(`/${shop}/categories/clothing/sequence`, {
      method: 'PUT',
      body: [],
      token: readOnly(),
    });

    expect(unknown.status).toBe(404);
    expect(unknownPut.status).toBe(404);
    expect(refused.status).toBe(403);
    expect(refusedPut.status).toBe(403);
  });
});

describe('DELETE /{shopId}/categories/{categoryId}', () => {
  it('removes the category, its subtree and their product assignments', async () => {
    // Prepare
    const top = await createCategory('root', { alias: 'doomed' });
    const child = await createCategory(top.categoryId, { alias: 'child' });
    const grandchild = await createCategory(child.categoryId, { alias: 'grandchild' });
    const assign = await call(`/${shop}/product-category-assignments`, {
      method: 'POST',
      body: { categoryId: [child.categoryId, grandchild.categoryId, 'maps'], productId: ['espresso-beans'] },
    });
    expect(assign.status).toBe(204);

    // Act
    const response = await call(`/${shop}/categories/${top.categoryId}`, { method: 'DELETE' });

    // Assess
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    for (const id of [top.categoryId, child.categoryId, grandchild.categoryId]) {
      expect((await call(`/${shop}/categories/${id}?includeInvisible=true`)).status).toBe(404);
    }
    const catalog = await loadCatalog(shop);
    expect(catalog?.products.get('espresso-beans')?.categoryIds).toEqual(['coffee-tea', 'maps']);
    expect((await call(`/${shop}/categories/root/sequence`)).body).not.toContain('doomed');
    const again = await call(`/${shop}/categories/${top.categoryId}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('takes products out of the deleted categories in the listing at once', async () => {
    // Prepare: the guide book is only in guidebooks, a child of books.
    const listBooks = async () =>
      (await call(`/${shop}/products?categoryId=books&resultsPerPage=100`)).body.items.map(
        (p: { productId: string }) => p.productId,
      );
    expect(await listBooks()).toContain('black-forest-hiking-guide');

    // Act
    const response = await call(`/${shop}/categories/guidebooks`, { method: 'DELETE' });

    // Assess
    expect(response.status).toBe(204);
    expect(await listBooks()).not.toContain('black-forest-hiking-guide');
    expect((await call(`/${shop}/categories/books/sequence`)).body).not.toContain('guidebooks');
    const catalog = await loadCatalog(shop);
    expect(catalog?.products.get('black-forest-hiking-guide')?.categoryIds).toEqual([]);
  });

  it('answers 409 for the root, 404 for an unknown category, 403 without products_write', async () => {
    const root = await call(`/${shop}/categories/root`, { method: 'DELETE' });
    const unknown = await call(`/${shop}/categories/nope`, { method: 'DELETE' });
    const refused = await call(`/${shop}/categories/maps`, { method: 'DELETE', token: readOnly() });

    expect(root.status).toBe(409);
    expect(root.body).toEqual({ status: '409', message: 'The root category cannot be deleted' });
    expect(unknown.status).toBe(404);
    expect(refused.status).toBe(403);
    expect((await call(`/${shop}/categories/maps`)).status).toBe(200);
  });

  it('deletes a subtree too big for one transaction, leaving no product pointing at it', async () => {
    // Prepare: a shop whose "bulk" category has 150 subcategories, every product in 3 of them.
    const bigShop = `${shop}-big`;
    const file: ShopFile = await readShopFile('infra/local/seed/demo.json');
    const bulk = Array.from({ length: 150 }, (_, i) => ({
      ...file.categories[1],
      categoryId: `bulk-${i}`,
      parentId: i < 10 ? 'bulk' : `bulk-${i % 10}`,
      alias: `bulk-${i}`,
    }));
    const categories = [
      ...file.categories,
      { ...file.categories[1], categoryId: 'bulk', parentId: 'root', alias: 'bulk' },
      ...bulk,
    ] as ShopFile['categories'];
    const products = file.products.map((p, i) => ({
      ...p,
      categoryIds: [...p.categoryIds, `bulk-${i}`, `bulk-${i + 50}`, `bulk-${i + 100}`],
    }));
    await importShop(bigShop, { ...file, categories, products });

    // Act
    const response = await call(`/${bigShop}/categories/bulk`, { method: 'DELETE' });

    // Assess
    expect(response.status).toBe(204);
    const catalog = await loadCatalog(bigShop);
    const left = [...(catalog?.categories.keys() ?? [])].filter((id) => id.startsWith('bulk'));
    expect(left).toEqual([]);
    const dangling = [...(catalog?.products.values() ?? [])].flatMap((p) =>
      p.categoryIds.filter((id) => id.startsWith('bulk')),
    );
    expect(dangling).toEqual([]);
    expect(catalog?.products.get('espresso-beans')?.categoryIds).toEqual(['coffee-tea']);
    expect(catalog?.categories.size).toBe(file.categories.length);
  });
});
