import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { requestCost } from '../support/server-timing';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * docs/inventory.md "Product reads": product reads show the stock checkouts
 * took within 10 s, in every read that shows products, and a warm read does not pay for it.
 */
describe('product reads show live stock', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('stockread', withStock({ 'dome-tent-2p': { stock: 7, min: 2 } }));
  });

  async function buy(quantity: number) {
    const cart = await newCart(shop, { lineItems: [{ productId: 'dome-tent-2p', quantity }] });
    await cart.call('/billing-address', { method: 'PUT', body: BILLING });
    expect((await cart.call('/order', { method: 'POST' })).status).toBe(201);
  }
  const tent = async () => (await call(`/${shop}/products/dome-tent-2p`)).body;
  const listed = async () =>
    (await call(`/${shop}/products?id=dome-tent-2p`)).body.items[0] as Record<string, unknown>;
  const found = async () =>
    (
      (await call(`/${shop}/search/products`, { method: 'POST', body: { query: 'tent' } })).body.items as {
        productId: string;
      }[]
    ).find((p) => p.productId === 'dome-tent-2p') as Record<string, unknown>;

  it('shows the level, availability and its text, then what checkouts took within 10 s', async () => {
    // Prepare
    const before = await tent();

    // Act
    await buy(5);
    await vi.waitFor(async () => expect((await tent()).stocklevel).toBe(2), {
      timeout: 12_000,
      interval: 500,
    });
    await buy(2);

    // Assess
    expect(before).toMatchObject({ stocklevel: 7, availability: 'OnStock', availabilityText: 'In stock' });
    await vi.waitFor(
      async () => {
        for (const shown of [await tent(), await listed(), await found()]) {
          expect(shown).toMatchObject({
            stocklevel: 0,
            availability: 'OutStock',
            availabilityText: 'Out of stock',
          });
        }
      },
      { timeout: 12_000, interval: 500 },
    );
    const german = (await call(`/${shop}/products/dome-tent-2p?locale=de_DE`)).body;
    expect(german.availabilityText).toBe('Ausverkauft');
  });

  it('shows WarnStock at or below minStocklevel, and an untracked product as OnStock with no level', async () => {
    const spork = (await call(`/${shop}/products/titanium-spork`)).body;
    const master = (await call(`/${shop}/products/trail-tshirt`)).body;

    expect(spork).toMatchObject({ availability: 'OnStock' });
    expect(master).toMatchObject({ stocklevel: null, availability: 'OnStock' });
    const honey = (await call(`/${shop}/products/forest-honey`)).body;
    expect(honey).toMatchObject({ stocklevel: 5, minStocklevel: 5, availability: 'WarnStock' });
  });

  it('costs a warm read its version read only: the stock refresh is at most one read in 5 s', async () => {
    await tent();

    const costs = [];
    for (let i = 0; i < 5; i++)
      costs.push(
        requestCost((await call(`/${shop}/products/dome-tent-2p`)).headers.get('server-timing')).calls,
      );

    // One read in five may fall on the refresh (every 5 s); the others read the version alone.
    expect(costs.filter((calls) => calls === 1).length).toBeGreaterThanOrEqual(4);
  });
});
