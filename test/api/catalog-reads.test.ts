import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { importShop } from '../../lib/data/import-shop';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { call } from '../support/api';
import { privateDemoShop } from '../support/shops';

/**
 * Catalog reads answer from the catalog the server keeps while they read the catalog version
 * (lib/speed/speculative-catalog-answer.ts answerFromCatalog). These change the catalog behind the server's back, as an
 * import or another function instance does, and check that no answer of the kept catalog leaks.
 */
let shop: string;
let file: ShopFile;

beforeAll(async () => {
  shop = await privateDemoShop('catalog-reads');
  file = await readShopFile('infra/local/seed/demo.json');
});

const withProducts = (products: ShopFile['products']): ShopFile => ({ ...file, products });
const renamed = (name: string) =>
  withProducts(file.products.map((p) => (p.productId === 'trail-mix' ? { ...p, name: { en_GB: name } } : p)));

describe('catalog reads after the catalog changed elsewhere', () => {
  it('answer from the new catalog, not the one kept in memory', async () => {
    // Prepare: the server keeps the imported catalog
    expect((await call(`/${shop}/products/trail-mix`)).body.name).toBe('Trail Mix 200 g');

    // Act
    await importShop(shop, renamed('Trail Mix Deluxe'));
    const product = await call(`/${shop}/products/trail-mix`);
    const found = await call(`/${shop}/search/products`, { method: 'POST', body: { query: 'Deluxe' } });

    // Assess
    expect(product.status).toBe(200);
    expect(product.body.name).toBe('Trail Mix Deluxe');
    expect(found.status).toBe(200);
    expect(found.body.items.map((p: { productId: string }) => p.productId)).toEqual(['trail-mix']);
  });

  it('answer 200 for what the kept catalog did not have, and 404 for what the new one lacks', async () => {
    // Prepare
    const snack = { ...file.products.find((p) => p.productId === 'trail-mix'), productId: 'summit-snack' };
    const missing = await call(`/${shop}/products/summit-snack`);

    // Act
    await importShop(shop, withProducts([...file.products, snack as ShopFile['products'][number]]));
    const added = await call(`/${shop}/products/summit-snack`);
    await importShop(shop, file);
    const removed = await call(`/${shop}/products/summit-snack`);

    // Assess
    expect(missing.status).toBe(404);
    expect(added.status).toBe(200);
    expect(added.body.productId).toBe('summit-snack');
    expect(removed.status).toBe(404);
  });
});
