import { beforeAll, describe, expect, it } from 'vitest';
import { batchGetItems } from '../../lib/data/batch-get';
import { keys } from '../../lib/data/keys';
import { type ApiResponse, call } from '../support/api';
import { BILLING, newCart, orderableCart } from '../support/carts';
import { requestCost } from '../support/server-timing';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * The lists of orders, customers and carts come from in-memory indexes fed by the feeds
 * (lib/data/feeds). Here 30 orders, their 30 new customers and 30 open carts are made through the
 * API, side by side; the test checks they are in their feeds, and that the lists are one sorted list
 * each: every page in creation order (newest first, ties by id), none lost or twice, the same
 * totals, by page number and by cursor, at the cost of the page.
 */
const COUNT = 30;

let shop: string;
let orderIds: string[];
let customerIds: string[];
let cartIds: string[];

/** Runs `make` for 0 … count−1, `parallel` at a time, so writes of different items interleave. */
async function made<T>(count: number, parallel: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += parallel)
    results.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(parallel, count - start) }, (_, j) => make(start + j)),
      )),
    );
  return results;
}

/** The stored items of `wanted`, in the order asked for. */
async function stored(wanted: { pk: string; sk: string }[]): Promise<Record<string, unknown>[]> {
  return (await batchGetItems(wanted)).map((item) => item as Record<string, unknown>);
}

/** `ids` by their items' creation time, then id, newest first: what a list must show. */
async function newestFirst(ids: string[], keyOf: (id: string) => { pk: string; sk: string }) {
  const items = await stored(ids.map(keyOf));
  const sortOf = new Map(ids.map((id, i) => [id, `${items[i]?.createdAt}#${id}`]));
  return [...ids].sort((a, b) => ((sortOf.get(a) as string) < (sortOf.get(b) as string) ? 1 : -1));
}

/** Every page of `path` by number, `perPage` each: the ids in order and each page's `results`. */
async function byPages(path: string, perPage: number, id: string) {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page++) {
    const response = await call(
      `${path}${path.includes('?') ? '&' : '?'}resultsPerPage=${perPage}&page=${page}`,
    );
    expect(response.status).toBe(200);
    totals.push(response.body.results);
    if (response.body.items.length === 0) break;
    ids.push(...response.body.items.map((item: Record<string, string>) => item[id]));
  }
  return { ids, totals };
}

/** The whole list of `path` by following its next links, `perPage` a page. */
async function byCursor(path: string, perPage: number, id: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined = `${path}${path.includes('?') ? '&' : '?'}resultsPerPage=${perPage}`;
  while (next) {
    const response: ApiResponse = await call(next);
    expect(response.status).toBe(200);
    ids.push(...response.body.items.map((item: Record<string, string>) => item[id]));
    const link: { href: string } | undefined = response.body.links.find(
      (l: { rel: string }) => l.rel === 'next',
    );
    next = link ? `${new URL(link.href).pathname}${new URL(link.href).search}` : undefined;
  }
  return ids;
}

beforeAll(async () => {
  // The orders buy espresso beans untracked: 30 orders must not depend on the demo's stock.
  shop = await privateDemoShop('buckets', withStock({ 'espresso-beans': { stock: null } }));
  const orders = await made(COUNT, 6, async (i) => {
    const cart = await orderableCart(shop, `bucket.buyer${i}@example.com`);
    const placed = await cart.call('/order', { method: 'POST' });
    if (placed.status !== 201) throw new Error(`checkout: ${placed.status} ${placed.text}`);
    return placed.body as { orderId: string; customerId: string };
  });
  orderIds = orders.map((o) => o.orderId);
  customerIds = orders.map((o) => o.customerId);
  cartIds = await made(COUNT, 6, async (i) => {
    const cart = await newCart(shop, { lineItems: [{ productId: 'trail-mix', quantity: 1 }] });
    if (i % 3 === 0) await cart.call('/billing-address', { method: 'PUT', body: BILLING });
    return cart.cartId as string;
  });
}, 120_000);

describe('lists fed by the feeds', () => {
  it("puts orders, customers and carts into their kind's feed, one write bucket while the shop is quiet", async () => {
    const orders = await stored(orderIds.map((id) => keys.order(shop, id)));
    const customers = await stored(customerIds.map((id) => keys.customer(shop, id)));
    const carts = await stored(cartIds.map((id) => keys.cart(shop, id)));

    for (const [items, kind, ids] of [
      [orders, 'ORDER', orderIds],
      [customers, 'CUSTOMER', customerIds],
      [carts, 'CART', cartIds],
    ] as const) {
      expect(new Set(items.map((item) => item.gsi4pk))).toEqual(new Set([keys.feed(shop, kind, 0)]));
      expect(items.map((item) => (item.gsi4sk as string).split('#')[1])).toEqual(ids);
    }
  });

  it('pages orders in creation order, newest first, each once', async () => {
    const expected = await newestFirst(orderIds, (id) => keys.order(shop, id));

    const pages = await byPages(`/${shop}/orders`, 4, 'orderId');
    const cursor = await byCursor(`/${shop}/orders`, 7, 'orderId');

    expect(pages.ids).toEqual(expected);
    expect(new Set(pages.totals)).toEqual(new Set([COUNT]));
    expect(cursor).toEqual(expected);
  });

  it('pages customers and carts across the buckets the same way', async () => {
    const customers = await newestFirst(customerIds, (id) => keys.customer(shop, id));
    const carts = await newestFirst(cartIds, (id) => keys.cart(shop, id));
    const withAddress = carts.filter((id) => cartIds.indexOf(id) % 3 === 0);

    const customerPages = await byPages(`/${shop}/customers`, 4, 'customerId');
    const cartPages = await byPages(`/${shop}/carts`, 4, 'cartId');
    const cartCursor = await byCursor(`/${shop}/carts`, 7, 'cartId');
    const addressPages = await byPages(`/${shop}/carts?hasAddressData=true`, 3, 'cartId');

    // The demo's own customers were created before these: they follow them.
    expect(customerPages.ids.slice(0, COUNT)).toEqual(customers);
    expect(new Set(customerPages.totals)).toEqual(new Set([customerPages.ids.length]));
    expect(cartPages.ids).toEqual(carts);
    expect(new Set(cartPages.totals)).toEqual(new Set([COUNT]));
    expect(cartCursor).toEqual(carts);
    expect(addressPages.ids).toEqual(withAddress);
    expect(new Set(addressPages.totals)).toEqual(new Set([COUNT / 3]));
  });

  it('reads a page with the feed alone while its orders are kept, a changed order again, a deep page no more', async () => {
    const first = await call(`/${shop}/orders?resultsPerPage=4`);
    const deep = await call(`/${shop}/orders?resultsPerPage=4&page=7`);
    const changed = first.body.items[1].orderId as string;
    const patched = await call(`/${shop}/orders/${changed}`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/internalNote', value: 'Kept no more' }],
      contentType: 'application/json-patch+json',
    });
    const again = await call(`/${shop}/orders?resultsPerPage=4`);
    const firstCost = requestCost(first.headers.get('server-timing'));
    const deepCost = requestCost(deep.headers.get('server-timing'));
    const againCost = requestCost(again.headers.get('server-timing'));

    expect([first.status, deep.status, patched.status, again.status]).toEqual([200, 200, 200, 200]);
    expect(deep.body.items).toHaveLength(4);
    // The walks above read every order: their items are kept at the versions the index holds, so a
    // page, however deep, costs bringing the index up to date (a Query of the feed's one bucket) and
    // nothing more.
    expect([firstCost.calls, deepCost.calls]).toEqual([1, 1]);
    // A changed order is in the feed with its new version: read again (one BatchGetItem), and shown
    // changed.
    expect(againCost.calls).toBe(2);
    expect(again.body.items.map((order: { orderId: string }) => order.orderId)).toEqual(
      first.body.items.map((order: { orderId: string }) => order.orderId),
    );
    expect(again.body.items[1].internalNote).toBe('Kept no more');
    expect(again.body.items[0]).toEqual(first.body.items[0]);
  });
});
