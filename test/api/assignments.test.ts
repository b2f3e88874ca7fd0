import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { importShop } from '../../lib/data/import-shop';
import { call, tokenFor } from '../support/api';
import { useLocalTable } from '../support/local-env';

/** Product-category assignments, in a private copy of the demo shop (the seed stays as it is). */

const shop = `assign-${Date.now().toString(36)}`;
const path = `/${shop}/product-category-assignments`;

/** The product ids GET /products lists for a category (and its subcategories). */
async function listed(categoryId: string): Promise<string[]> {
  const response = await call(`/${shop}/products?categoryId=${categoryId}&resultsPerPage=100`);
  expect(response.status).toBe(200);
  return response.body.items.map((p: { productId: string }) => p.productId);
}

/** A product's categoryIds as stored. */
async function categoriesOf(productId: string): Promise<string[] | undefined> {
  return (await loadCatalog(shop))?.products.get(productId)?.categoryIds;
}

/** A fresh subcategory of the private shop's root, to assign to. */
async function freshCategory(): Promise<string> {
  const response = await call(`/${shop}/categories/root`, { method: 'POST', body: {} });
  expect(response.status).toBe(201);
  return response.body.categoryId;
}

beforeAll(async () => {
  useLocalTable();
  await importShop(shop, await readShopFile('infra/local/seed/demo.json'));
});

describe('POST /{shopId}/product-category-assignments', () => {
  it('assigns products given as JSON arrays, visible at once in the listing and the product data', async () => {
    // Act
    const response = await call(path, {
      method: 'POST',
      body: { categoryId: ['cookbooks'], productId: ['espresso-beans', 'merino-beanie'] },
    });

    // Assess
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await listed('cookbooks')).toEqual(expect.arrayContaining(['espresso-beans', 'merino-beanie']));
    expect(await listed('books')).toEqual(expect.arrayContaining(['espresso-beans', 'merino-beanie']));
    expect(await categoriesOf('espresso-beans')).toEqual(['coffee-tea', 'cookbooks']);
  });

  it('takes a form body with repeated fields, and single JSON strings', async () => {
    const a = await freshCategory();
    const b = await freshCategory();

    const form = await call(path, {
      method: 'POST',
      rawBody: `categoryId=${a}&categoryId=${b}&productId=campfire-cookbook&productId=black-forest-hiking-guide`,
      contentType: 'application/x-www-form-urlencoded',
    });
    const json = await call(path, { method: 'POST', body: { categoryId: a, productId: 'espresso-beans' } });

    expect(form.status).toBe(204);
    expect(json.status).toBe(204);
    expect(await categoriesOf('campfire-cookbook')).toEqual(['cookbooks', a, b]);
    expect(await categoriesOf('black-forest-hiking-guide')).toEqual(['guidebooks', a, b]);
    expect(await categoriesOf('espresso-beans')).toContain(a);
  });

  it('leaves an existing assignment as it is (no duplicates)', async () => {
    const body = { categoryId: ['maps', 'maps'], productId: 'merino-beanie' };

    const first = await call(path, { method: 'POST', body });
    const again = await call(path, { method: 'POST', body });

    expect(first.status).toBe(204);
    expect(again.status).toBe(204);
    expect((await categoriesOf('merino-beanie'))?.filter((id) => id === 'maps')).toEqual(['maps']);
  });

  it('answers 400 naming unknown categories and products, and changes nothing', async () => {
    const response = await call(path, {
      method: 'POST',
      body: { categoryId: ['maps', 'no-such-category'], productId: ['espresso-beans', 'no-such-product'] },
    });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { field: 'categoryId', message: 'unknown category no-such-category' },
      { field: 'productId', message: 'unknown product no-such-product' },
    ]);
    expect(await categoriesOf('espresso-beans')).not.toContain('maps');
  });

  it('answers 400 for missing or malformed fields, 415 for other content types', async () => {
    const missing = await call(path, { method: 'POST', body: { categoryId: 'maps' } });
    const empty = await call(path, { method: 'POST', body: { categoryId: [], productId: 'espresso-beans' } });
    const number = await call(path, { method: 'POST', body: { categoryId: 7, productId: 'espresso-beans' } });
    const extra = await call(path, {
      method: 'POST',
      body: { categoryId: 'maps', productId: 'espresso-beans', position: 1 },
    });
    const text = await call(path, { method: 'POST', rawBody: 'maps', contentType: 'text/plain' });

    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'productId', message: expect.any(String) }]);
    expect(empty.status).toBe(400);
    expect(number.status).toBe(400);
    expect(extra.status).toBe(400);
    expect(text.status).toBe(415);
  });

  it('needs products_write', async () => {
    const response = await call(path, {
      method: 'POST',
      body: { categoryId: 'maps', productId: 'espresso-beans' },
      token: tokenFor(shop, ['products_read']),
    });

    expect(response.status).toBe(403);
  });
});

describe('DELETE /{shopId}/product-category-assignments', () => {
  it('takes products out of categories (parameters repeatable), visible at once in the listing', async () => {
    // Prepare
    const category = await freshCategory();
    const products = ['trail-tshirt', 'rain-jacket', 'espresso-beans'];
    await call(path, { method: 'POST', body: { categoryId: category, productId: products } });
    expect((await listed(category)).sort()).toEqual([...products].sort());

    // Act
    const response = await call(
      `${path}?categoryId=${category}&productId=trail-tshirt&productId=espresso-beans`,
      { method: 'DELETE' },
    );

    // Assess
    expect(response.status).toBe(204);
    expect(await listed(category)).toEqual(['rain-jacket']);
    expect(await categoriesOf('trail-tshirt')).not.toContain(category);
    expect(await categoriesOf('rain-jacket')).toContain(category);
  });

  it('accepts an assignment that does not exist (204, nothing changes) and ignores a body', async () => {
    const before = await categoriesOf('espresso-beans');

    const response = await call(`${path}?categoryId=cookware&productId=espresso-beans`, {
      method: 'DELETE',
      body: {},
    });

    expect(response.status).toBe(204);
    expect(await categoriesOf('espresso-beans')).toEqual(before);
  });

  it('answers 400 naming unknown ids, 400 without both parameters, 403 without products_write', async () => {
    const unknown = await call(`${path}?categoryId=nope&productId=espresso-beans&productId=gone`, {
      method: 'DELETE',
    });
    const missing = await call(`${path}?categoryId=maps`, { method: 'DELETE' });
    const refused = await call(`${path}?categoryId=maps&productId=espresso-beans`, {
      method: 'DELETE',
      token: tokenFor(shop, ['products_read']),
    });

    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { field: 'categoryId', message: 'unknown category nope' },
      { field: 'productId', message: 'unknown product gone' },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'productId', message: expect.any(String) }]);
    expect(refused.status).toBe(403);
  });
});

describe('concurrent assignment changes', () => {
  it('keeps every one of many simultaneous assignments (optimistic retries, no lost update)', async () => {
    // Prepare
    const categories = await Promise.all(Array.from({ length: 8 }, () => freshCategory()));

    // Act
    const responses = await Promise.all(
      categories.map((categoryId) =>
        call(path, { method: 'POST', body: { categoryId, productId: 'enamel-mug' } }),
      ),
    );

    // Assess
    expect(responses.map((r) => r.status)).toEqual(categories.map(() => 204));
    expect(await categoriesOf('enamel-mug')).toEqual(expect.arrayContaining(categories));
  });
});
