import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * merchant-api.md "Updated products: GET /products/updated/{property}": what a poller of stock
 * changes reads, each product once at its latest change, oldest first, resuming from `lastUpdated`.
 */
describe('GET /{shopId}/products/updated/stocklevel', () => {
  let shop: string;
  let imported: string;
  beforeAll(async () => {
    shop = await privateDemoShop('stockupd', withStock({ 'dome-tent-2p': { stock: 9, shards: 3 } }));
    imported = new Date().toISOString();
  });

  const updated = (query: string) => call(`/${shop}/products/updated/stocklevel${query}`);

  async function buy(productId: string) {
    const cart = await newCart(shop, { lineItems: [{ productId, quantity: 1 }] });
    await cart.call('/billing-address', { method: 'PUT', body: BILLING });
    expect((await cart.call('/order', { method: 'POST' })).status).toBe(201);
  }

  it('lists the products whose stock changed after a time, each once, oldest first, as a poller resumes', async () => {
    // Prepare: the import set every tracked product's stock; then two checkouts, the tent twice
    const everything = await updated('?resultsPerPage=100');
    await buy('dome-tent-2p');
    await buy('gas-stove');
    await buy('dome-tent-2p');

    // Act
    const since = await updated(`?changedAfter=${encodeURIComponent(imported)}`);
    const [first, second] = since.body.items;
    const resumed = await updated(`?changedAfter=${encodeURIComponent(first.lastUpdated)}`);

    // Assess
    expect(everything.status).toBe(200);
    expect(everything.body.results).toBeGreaterThan(40);
    expect(since.status).toBe(200);
    expect(since.body).toMatchObject({ results: 2, page: 1, resultsPerPage: 10 });
    expect(since.body.items.map((u: { item: { productId: string } }) => u.item.productId)).toEqual([
      'gas-stove',
      'dome-tent-2p',
    ]);
    expect(first.lastUpdated < second.lastUpdated).toBe(true);
    // The item is the product as GET renders it (its stock at most 10 s old: inventory-reads.test.ts).
    expect(second.item).toMatchObject({ productId: 'dome-tent-2p', availability: 'OnStock' });
    expect(resumed.body.items.map((u: { item: { productId: string } }) => u.item.productId)).toEqual([
      'dome-tent-2p',
    ]);
  });

  it('answers 400 for another property or a bad time, 403 without products_write', async () => {
    const property = await call(`/${shop}/products/updated/price`);
    const time = await updated('?changedAfter=yesterday');
    const reader = await call(`/${shop}/products/updated/stocklevel`, {
      token: tokenFor(shop, ['products_read']),
    });

    expect(property.status).toBe(400);
    expect(time.status).toBe(400);
    expect(time.body.errors[0].field).toBe('changedAfter');
    expect(reader.status).toBe(403);
  });
});
