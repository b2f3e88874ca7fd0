import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopFile } from '../../lib/domain/catalog/catalog-types';
import { call, tokenFor } from '../support/api';
import { privateDemoShop } from '../support/shops';
import { type Received, startReceiver } from '../support/webhook-receiver';

/**
 * docs/inventory.md "Watchers" through real HTTP: a storefront token signs addresses up for an
 * OutStock product (the demo's down-sleeping-bag has stock 0), the merchant lists them.
 */

/** Another sold-out product, so the list has two, watched one after the other. */
const soldOut = (file: ShopFile): ShopFile => ({
  ...file,
  products: file.products.map((p) => (p.productId === 'gas-stove' ? { ...p, stocklevel: 0 } : p)),
});

describe('POST /{shopId}/products/{productId}/watchers', () => {
  let shop: string;
  let storefront: string;
  beforeAll(async () => {
    shop = await privateDemoShop('watch', soldOut);
    storefront = tokenFor(shop, []);
  });
  const watch = (productId: string, body: unknown, token = storefront) =>
    call(`/${shop}/products/${productId}/watchers`, { method: 'POST', body, token });

  it('signs an address up for an OutStock product with any token of the shop: 202 with the address as sent', async () => {
    // Act
    const response = await watch('down-sleeping-bag', { emailAddress: 'Anna@Example.com' });

    // Assess
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ productId: 'down-sleeping-bag', emailAddress: 'Anna@Example.com' });
  });

  it('answers the same address again (any case) just as a new one, never telling who signed up; counted once', async () => {
    // Prepare
    const first = await watch('gas-stove', { emailAddress: 'ben@example.com' });

    // Act
    const again = await watch('gas-stove', { emailAddress: 'BEN@example.COM' });
    const stranger = await watch('gas-stove', { emailAddress: 'nobody@example.com' });

    // Assess: the same status and the same shape for a known and an unknown address
    expect([first.status, again.status, stranger.status]).toEqual([202, 202, 202]);
    expect(again.body).toEqual({ productId: 'gas-stove', emailAddress: 'BEN@example.COM' });
    expect(Object.keys(stranger.body)).toEqual(Object.keys(again.body));
    const list = await call(`/${shop}/watched-products`);
    expect(list.body.items.find((i: { productId: string }) => i.productId === 'gas-stove').watchers).toBe(2);
  });

  it('refuses a product that is not OutStock with 409 (tracked with stock, or not tracked)', async () => {
    // Act
    const inStock = await watch('merino-beanie', { emailAddress: 'anna@example.com' });
    const untracked = await watch('trail-tshirt', { emailAddress: 'anna@example.com' });

    // Assess
    expect(inStock.status).toBe(409);
    expect(untracked.status).toBe(409);
  });

  it('answers 404 for an unknown or invisible product', async () => {
    // Act
    const unknown = await watch('no-such-product', { emailAddress: 'anna@example.com' });
    const invisible = await watch('trail-tshirt-green-s', { emailAddress: 'anna@example.com' });

    // Assess
    expect(unknown.status).toBe(404);
    expect(invisible.status).toBe(404);
  });

  it('answers 400 for a missing, malformed or too long address, naming the field', async () => {
    // Prepare
    const address = (d: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(d)}.com`;
    const long = address(58);

    // Act
    const answers = await Promise.all([
      watch('down-sleeping-bag', {}),
      watch('down-sleeping-bag', { emailAddress: 'not-an-address' }),
      watch('down-sleeping-bag', { emailAddress: long }),
    ]);

    // Assess
    expect(long.length).toBe(255);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain('emailAddress');
    }
    expect((await watch('down-sleeping-bag', { emailAddress: address(57) })).status).toBe(202);
  });
});

describe('GET /{shopId}/watched-products', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('watched', soldOut);
    const watch = (productId: string, emailAddress: string) =>
      call(`/${shop}/products/${productId}/watchers`, { method: 'POST', body: { emailAddress } });
    await watch('gas-stove', 'a@example.com');
    await watch('down-sleeping-bag', 'b@example.com');
    await watch('down-sleeping-bag', 'c@example.com');
    await watch('gas-stove', 'd@example.com');
    await watch('down-sleeping-bag', 'B@example.com');
  });

  it('lists watched products longest-watched first, with their watcher counts and links', async () => {
    // Act
    const response = await call(`/${shop}/watched-products?locale=de_DE`);

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ results: 2, page: 1, resultsPerPage: 10 });
    expect(
      response.body.items.map((i: { productId: string; watchers: number }) => [i.productId, i.watchers]),
    ).toEqual([
      ['gas-stove', 2],
      ['down-sleeping-bag', 2],
    ]);
    const item = response.body.items[0];
    expect(item.productNumber).toEqual(expect.any(String));
    expect(item.name).toEqual(expect.any(String));
    expect(item.links).toEqual([{ rel: 'product', href: expect.stringMatching(/\/products\/gas-stove$/) }]);
  });

  it('pages by the paging rules: page 2 of 1 per page, and 400 for bad values', async () => {
    // Act
    const second = await call(`/${shop}/watched-products?page=2&resultsPerPage=1`);
    const bad = await Promise.all(
      ['page=0', 'resultsPerPage=0', 'resultsPerPage=101', 'page=x'].map((q) =>
        call(`/${shop}/watched-products?${q}`),
      ),
    );

    // Assess
    expect(second.body).toMatchObject({ results: 2, page: 2, resultsPerPage: 1 });
    expect(second.body.items.map((i: { productId: string }) => i.productId)).toEqual(['down-sleeping-bag']);
    expect(bad.map((b) => b.status)).toEqual([400, 400, 400, 400]);
  });

  it('needs products_write', async () => {
    // Act
    const response = await call(`/${shop}/watched-products`, { token: tokenFor(shop, ['products_read']) });

    // Assess
    expect(response.status).toBe(403);
  });
});

describe('back in stock: STOCK_BACK with the addresses, GET /{shopId}/products/{productId}/watchers', () => {
  let shop: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const watchers = (query = '', token?: string) =>
    call(`/${shop}/products/down-sleeping-bag/watchers${query}`, token ? { token } : {});
  beforeAll(async () => {
    shop = await privateDemoShop('watch-back');
    receiver = await startReceiver();
    const hook = await call(`/${shop}/webhooks`, {
      method: 'POST',
      body: { callbackUrl: receiver.url, eventTypes: ['STOCK_BACK'] },
    });
    expect(hook.status).toBe(201);
    const storefront = tokenFor(shop, []);
    for (const emailAddress of ['Anna@Example.com', 'ben@example.com', 'ANNA@example.com'])
      expect(
        (
          await call(`/${shop}/products/down-sleeping-bag/watchers`, {
            method: 'POST',
            body: { emailAddress },
            token: storefront,
          })
        ).status,
      ).toBe(202);
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('lists the watchers waiting now, oldest first, each address once as first sent, before any clearing', async () => {
    // Act
    const response = await watchers();

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: 2,
      page: 1,
      resultsPerPage: 10,
      items: [
        { emailAddress: 'Anna@Example.com', createdOn: expect.stringMatching(/^\d{4}-/), clearedOn: null },
        { emailAddress: 'ben@example.com', createdOn: expect.stringMatching(/^\d{4}-/), clearedOn: null },
      ],
    });
  });

  it('sends STOCK_BACK with the count and the addresses as sent, then lists them as the clearing kept them', async () => {
    // Act: the product comes back
    const patched = await call(`/${shop}/products/down-sleeping-bag`, {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/stocklevel', value: 4 }],
    });
    const [delivery] = await receiver.waitFor((r: Received) => r.body.eventType === 'STOCK_BACK');
    const after = await watchers();
    const second = await watchers('?page=2&resultsPerPage=1');
    const beyond = await watchers('?page=3&resultsPerPage=1');
    const watched = await call(`/${shop}/watched-products`);

    // Assess
    expect(patched.status).toBe(200);
    expect(delivery?.body.entity).toEqual({
      productId: 'down-sleeping-bag',
      productNumber: expect.any(String),
      stocklevel: 4,
      minStocklevel: 5,
      availability: 'WarnStock',
      watchers: 2,
      watcherEmails: ['Anna@Example.com', 'ben@example.com'],
    });
    const clearedOn = delivery?.body.createdOn;
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ results: 2, page: 1, resultsPerPage: 10 });
    expect(after.body.items).toEqual([
      { emailAddress: 'Anna@Example.com', createdOn: expect.any(String), clearedOn },
      { emailAddress: 'ben@example.com', createdOn: expect.any(String), clearedOn },
    ]);
    expect(second.body).toEqual({
      results: 2,
      page: 2,
      resultsPerPage: 1,
      items: [{ emailAddress: 'ben@example.com', createdOn: expect.any(String), clearedOn }],
    });
    expect(beyond.body).toMatchObject({ results: 2, page: 3, items: [] });
    expect(watched.body.items.map((i: { productId: string }) => i.productId)).not.toContain(
      'down-sleeping-bag',
    );
  });

  it('needs products_write (403), knows the product (404) and pages by the contract (400)', async () => {
    // Act
    const readOnly = await watchers('', tokenFor(shop, ['products_read']));
    const storefront = await watchers('', tokenFor(shop, []));
    const unknown = await call(`/${shop}/products/no-such-product/watchers`);
    const bad = await Promise.all(['?page=0', '?resultsPerPage=101', '?page=x'].map((q) => watchers(q)));

    // Assess
    expect([readOnly.status, storefront.status, unknown.status]).toEqual([403, 403, 404]);
    expect(bad.map((b) => b.status)).toEqual([400, 400, 400]);
  });
});
