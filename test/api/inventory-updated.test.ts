import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { requestCost } from '../support/server-timing';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * docs/inventory.md "Updated products": what a poller of stock
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

describe('GET /{shopId}/products/updated/attributes', () => {
  let shop: string;
  let imported: string;
  beforeAll(async () => {
    shop = await privateDemoShop('attrupd', withStock({ 'dome-tent-2p': { stock: 9, shards: 1 } }));
    imported = new Date().toISOString();
  });

  const updated = (query: string) => call(`/${shop}/products/updated/attributes${query}`);
  const patch = (productId: string, operations: unknown[]) =>
    call(`/${shop}/products/${productId}`, { method: 'PATCH', body: operations });
  const ids = (answer: { body: { items: { item: { productId: string } }[] } }) =>
    answer.body.items.map((u) => u.item.productId);

  it('lists the products changed other than by stock, each once at its latest change; stock and deleted ones left out', async () => {
    // Prepare: the import wrote every product; then a rename, a stock change, a create, a
    // description, a product changed then deleted, and the first product renamed again
    const everything = await updated('?resultsPerPage=100');
    expect((await patch('gas-stove', [{ op: 'add', path: '/name', value: 'Stove, renamed' }])).status).toBe(
      200,
    );
    expect((await patch('dome-tent-2p', [{ op: 'add', path: '/stocklevel', value: 2 }])).status).toBe(200);
    const created = await call(`/${shop}/products`, { method: 'POST', body: { name: 'Fresh', price: 3 } });
    expect((await patch('trail-tshirt', [{ op: 'add', path: '/description', value: 'Soft' }])).status).toBe(
      200,
    );
    expect((await patch('socks-pair-pack', [{ op: 'add', path: '/name', value: 'Gone soon' }])).status).toBe(
      200,
    );
    expect((await call(`/${shop}/products/socks-pair-pack`, { method: 'DELETE' })).status).toBe(204);
    expect((await patch('gas-stove', [{ op: 'add', path: '/name', value: 'Stove, again' }])).status).toBe(
      200,
    );

    // Act
    const since = await updated(`?changedAfter=${encodeURIComponent(imported)}`);
    const [first] = since.body.items;
    const resumed = await updated(`?changedAfter=${encodeURIComponent(first.lastUpdated)}`);
    const stock = await call(
      `/${shop}/products/updated/stocklevel?changedAfter=${encodeURIComponent(imported)}`,
    );

    // Assess
    expect(everything.status).toBe(200);
    expect(everything.body.results).toBeGreaterThan(40);
    expect(since.status).toBe(200);
    expect(since.body).toMatchObject({ results: 3, page: 1, resultsPerPage: 10 });
    expect(ids(since)).toEqual([created.body.productId, 'trail-tshirt', 'gas-stove']);
    expect(since.body.items[2].item).toMatchObject({ productId: 'gas-stove', name: 'Stove, again' });
    expect(since.body.items[2].lastUpdated > first.lastUpdated).toBe(true);
    expect(ids(resumed)).toEqual(['trail-tshirt', 'gas-stove']);
    expect(ids(stock)).toEqual(['dome-tent-2p']);
  });

  it('costs no DynamoDB read beyond the catalog: a page of every product as cheap as a page of none', async () => {
    // Prepare: every product of the shop counts as written by its import
    const before = encodeURIComponent(new Date(Date.parse(imported) - 60_000).toISOString());
    const cost = async (path: string) => {
      const answer = await call(path);
      expect(answer.status).toBe(200);
      return {
        results: answer.body.results as number,
        calls: requestCost(answer.headers.get('server-timing')).calls,
      };
    };

    // Act: three rounds (a round may carry the live stock's refresh, every 5 s), each cheapest kept
    type Cost = Awaited<ReturnType<typeof cost>>;
    const rounds: { all: Cost; none: Cost; list: Cost }[] = [];
    for (let round = 0; round < 3; round++)
      rounds.push({
        all: await cost(`/${shop}/products/updated/attributes?changedAfter=${before}&resultsPerPage=1`),
        none: await cost(
          `/${shop}/products/updated/attributes?changedAfter=${encodeURIComponent(new Date().toISOString())}`,
        ),
        list: await cost(`/${shop}/products?resultsPerPage=1`),
      });
    const cheapest = (pick: (r: (typeof rounds)[number]) => number) => Math.min(...rounds.map(pick));

    // Assess: the same calls as a product list page, whatever the count
    expect(rounds[0]?.all.results).toBeGreaterThan(40);
    expect(rounds[0]?.none.results).toBe(0);
    expect(cheapest((r) => r.all.calls)).toBe(cheapest((r) => r.list.calls));
    expect(cheapest((r) => r.none.calls)).toBe(cheapest((r) => r.list.calls));
  });
});
