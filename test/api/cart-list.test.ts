import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, call, tokenFor } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop } from '../support/shops';

describe('GET /{shopId}/carts (carts_read)', () => {
  let shop: string;
  let ids: string[];
  beforeAll(async () => {
    shop = await privateDemoShop('cartlist');
    const carts = [];
    for (let i = 0; i < 3; i++)
      carts.push(await newCart(shop, { lineItems: [{ productId: 'trail-mix', quantity: 1 }] }));
    await carts[1]?.call('/billing-address', { method: 'PUT', body: BILLING });
    ids = carts.map((c) => c.cartId);
  });

  it('lists open carts newest first with the list fields of line items', async () => {
    const response = await call(`/${shop}/carts`);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ results: 3, page: 1, resultsPerPage: 10 });
    expect(response.body.items.map((c: any) => c.cartId)).toEqual([...ids].reverse());
    expect(response.body.items[0].lineItemContainer.productLineItems[0]).toMatchObject({
      minOrder: '1',
      intervalOrder: '1',
      priceQuantity: '1',
      orderUnit: 'pc.',
      isInWishlist: false,
      quantityPrice: { amount: 3.49 },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('filters by address data and pages', async () => {
    const withAddress = await call(`/${shop}/carts?hasAddressData=true`);
    const without = await call(`/${shop}/carts?hasAddressData=false`);
    const page2 = await call(`/${shop}/carts?resultsPerPage=2&page=2`);

    expect(withAddress.body.items.map((c: any) => c.cartId)).toEqual([ids[1]]);
    expect(without.body.results).toBe(2);
    expect(page2.body).toMatchObject({ results: 3, page: 2, resultsPerPage: 2 });
    expect(page2.body.items.map((c: any) => c.cartId)).toEqual([ids[0]]);
  });

  it('links the next page while carts follow; the cursor keeps the filters', async () => {
    const first = await call(`/${shop}/carts?resultsPerPage=1&hasAddressData=false&locale=de_DE`);
    const url = new URL(first.body.links.find((l: any) => l.rel === 'next').href);
    const second = await call(`${url.pathname}${url.search}`);
    const wholeList = await call(`/${shop}/carts?resultsPerPage=3`);

    expect(first.body).toMatchObject({ results: 2, page: 1, resultsPerPage: 1 });
    expect(first.body.items.map((c: any) => c.cartId)).toEqual([ids[2]]);
    expect(url.searchParams.get('hasAddressData')).toBe('false');
    expect(url.searchParams.get('locale')).toBe('de_DE');
    expect(url.searchParams.has('page')).toBe(false);
    // Nothing follows the last page.
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ results: 2, page: 2, links: [] });
    expect(second.body.items.map((c: any) => c.cartId)).toEqual([ids[0]]);
    expect(wholeList.body.links).toEqual([]);
  });

  it('walks every cart once by following next links', async () => {
    const seen: string[] = [];
    let path: string | undefined = `/${shop}/carts?resultsPerPage=1`;
    const pages: number[] = [];
    while (path) {
      const response: ApiResponse = await call(path);
      seen.push(...response.body.items.map((c: any) => c.cartId));
      pages.push(response.body.page);
      const next: { href: string } | undefined = response.body.links.find((l: any) => l.rel === 'next');
      path = next ? `${new URL(next.href).pathname}${new URL(next.href).search}` : undefined;
    }

    expect(seen).toEqual([...ids].reverse());
    expect(pages).toEqual([1, 2, 3]);
  });

  it('answers 400 for a cursor that is not ours, and for page and cursor together', async () => {
    const first = await call(`/${shop}/carts?resultsPerPage=1`);
    const cursor = new URL(first.body.links[0].href).searchParams.get('cursor');

    const forged = await call(`/${shop}/carts?cursor=bm90LW91cnM`);
    const both = await call(`/${shop}/carts?cursor=${cursor}&page=2`);

    expect([forged.status, both.status]).toEqual([400, 400]);
    expect(forged.body.errors[0].field).toBe('cursor');
    expect(both.body.errors[0]).toEqual({ field: 'cursor', message: 'page and cursor exclude each other' });
  });

  it('applies the 30-day window of createdAfter / createdBefore', async () => {
    const day = 24 * 3600 * 1000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const now = Date.now();

    const recentAfter = await call(`/${shop}/carts?createdAfter=${iso(now - day)}`);
    const oldAfter = await call(`/${shop}/carts?createdAfter=${iso(now - 40 * day)}`);
    const before = await call(`/${shop}/carts?createdBefore=${iso(now + day)}`);
    const tooWide = await call(
      `/${shop}/carts?createdAfter=${iso(now - 40 * day)}&createdBefore=${iso(now)}`,
    );
    const reversed = await call(`/${shop}/carts?createdAfter=${iso(now)}&createdBefore=${iso(now - day)}`);
    const garbage = await call(`/${shop}/carts?createdBefore=soon`);

    expect(recentAfter.body.results).toBe(3);
    expect(oldAfter.body.results).toBe(0);
    expect(before.body.results).toBe(3);
    expect([tooWide.status, reversed.status, garbage.status]).toEqual([400, 400, 400]);
  });

  it('needs carts_read and never lists or counts ordered carts', async () => {
    const ordered = await newCart(shop, { lineItems: [{ productId: 'espresso-beans', quantity: 2 }] });
    await ordered.call('/billing-address', { method: 'PUT', body: BILLING });
    const before = await call(`/${shop}/carts?resultsPerPage=100`);
    await ordered.call('/order', { method: 'POST' });

    const noScope = await call(`/${shop}/carts`, { token: tokenFor(shop, ['orders_read']) });
    const listed = await call(`/${shop}/carts?resultsPerPage=100`);
    const withAddress = await call(`/${shop}/carts?hasAddressData=true`);

    expect(noScope.status).toBe(403);
    expect(before.body.items.map((c: any) => c.cartId)).toContain(ordered.cartId);
    expect(listed.body.items.map((c: any) => c.cartId)).not.toContain(ordered.cartId);
    expect(listed.body.results).toBe(before.body.results - 1);
    expect(withAddress.body.results).toBe(withAddress.body.items.length);
  });
});

describe('GET /{shopId}/carts after a change', () => {
  it('shows a cart as the cart read shows it, and its change in the next list', async () => {
    // Prepare: a cart listed once (the instance keeps its item and its view)
    const shop = await privateDemoShop('cartlistchange');
    const cart = await newCart(shop, { lineItems: [{ productId: 'trail-mix', quantity: 1 }] });
    const before = await call(`/${shop}/carts?resultsPerPage=1`);

    // Act
    const line = (await cart.call('')).body.lineItemContainer.productLineItems[0].lineItemId;
    const changed = await cart.call(`/line-items/${line}`, { method: 'PUT', body: { quantity: 3 } });
    const after = await call(`/${shop}/carts?resultsPerPage=1`);

    // Assess
    expect([before.status, changed.status, after.status]).toEqual([200, 200, 200]);
    expect(before.body.items[0].cartId).toBe(cart.cartId);
    expect(before.body.items[0].lineItemContainer.productLineItems[0].quantity.amount).toBe(1);
    expect(after.body.items[0].lineItemContainer.productLineItems[0].quantity.amount).toBe(3);
    expect(after.body.items[0].totals).toEqual(changed.body.totals);
  });
});
