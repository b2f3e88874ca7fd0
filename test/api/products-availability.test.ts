import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * docs/catalog.md "Filtering by stock": `GET /products?availability=…` keeps the products whose
 * availability, as the answer shows it, is one of those asked for, live stock included.
 */
describe('GET /{shopId}/products?availability=', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop(
      'avail',
      withStock({
        'titanium-mug': { stock: 1, min: 2 }, // low: one checkout sells it out
        'dome-tent-2p': { stock: 0, min: 2 }, // sold out until a level is set
        'pocket-knife': { stock: null }, // not tracked: always in stock
      }),
    );
  });

  type Listed = { productId: string; availability: string };
  const list = async (query: string) => {
    const response = await call(`/${shop}/products?includeInvisible=true&resultsPerPage=100&${query}`);
    expect(response.status).toBe(200);
    const items = response.body.items as Listed[];
    return { results: response.body.results as number, items, ids: items.map((p) => p.productId) };
  };

  it('keeps the products shown with that availability, one value, several, repeated or comma-separated', async () => {
    // Act
    const all = await list('');
    const out = await list('availability=OutStock');
    const low = await list('availability=WarnStock');
    const inStock = await list('availability=OnStock');
    const outOrLow = await list('availability=OutStock,WarnStock');
    const repeated = await list('availability=WarnStock&availability=OutStock');

    // Assess: each list is what the unfiltered answer shows with that availability, in its order
    const shownAs = (availability: string) =>
      all.items.filter((p) => p.availability === availability).map((p) => p.productId);
    expect(out.ids).toEqual(shownAs('OutStock'));
    expect(low.ids).toEqual(shownAs('WarnStock'));
    expect(inStock.ids).toEqual(shownAs('OnStock'));
    expect(out.ids).toContain('dome-tent-2p');
    expect(out.ids).toContain('down-sleeping-bag'); // the demo's own sold-out product
    expect(low.ids).toContain('titanium-mug');
    expect(inStock.ids).toContain('pocket-knife');
    expect(out.results + low.results + inStock.results).toBe(all.results);
    expect(outOrLow.ids).toEqual(all.ids.filter((id) => out.ids.includes(id) || low.ids.includes(id)));
    expect(repeated.ids).toEqual(outOrLow.ids);
    expect(outOrLow.results).toBe(out.results + low.results);
  });

  it('follows live stock: a checkout sells a product out, a level set brings one back', async () => {
    // Act
    const cart = await newCart(shop, { lineItems: [{ productId: 'titanium-mug', quantity: 1 }] });
    await cart.call('/billing-address', { method: 'PUT', body: BILLING });
    const order = await cart.call('/order', { method: 'POST' });
    const restocked = await call(`/${shop}/products/dome-tent-2p`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/stocklevel', value: 12 }],
    });

    // Assess: within the 10 s product reads may lag
    expect(order.status).toBe(201);
    expect(restocked.status).toBe(200);
    await vi.waitFor(
      async () => {
        const out = await list('availability=OutStock');
        expect(out.ids).toContain('titanium-mug');
        expect(out.ids).not.toContain('dome-tent-2p');
        expect(out.items.every((p) => p.availability === 'OutStock')).toBe(true);
      },
      { timeout: 12_000, interval: 500 },
    );
    expect((await list('availability=WarnStock')).ids).not.toContain('titanium-mug');
    expect((await list('availability=OnStock')).ids).toContain('dome-tent-2p');
  });

  it('combines with the other filters and with ids', async () => {
    // Act
    const byQuery = await list('availability=OutStock&q=tent');
    const byIds = await list('availability=WarnStock&id=forest-honey&id=pocket-knife&id=headlamp-400');

    // Assess
    expect(byQuery.items.every((p) => p.availability === 'OutStock')).toBe(true);
    expect(byIds.ids).toEqual(['forest-honey', 'headlamp-400']);
  });

  it.each(['availability=Sold', 'availability=', 'availability=OutStock,', 'availability=outstock'])(
    'answers 400 naming availability for %s',
    async (query) => {
      const response = await call(`/${shop}/products?${query}`);

      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toMatch(/^availability/);
    },
  );
});
