import { beforeAll, describe, expect, it } from 'vitest';
import { FILTER_STATUSES } from '../../lib/domain/orders/order-filter';
import { type ApiResponse, call } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { requestCost } from '../support/server-timing';
import { privateDemoShop } from '../support/shops';

/**
 * GET /orders with the filters of docs/orders.md "Finding orders": each alone and combined against what the
 * orders themselves say, `results` exact, both orders, paging, a PATCH seen at once, shops kept
 * apart, every bad value 400 with its field, and a filtered page's cost.
 */

type Order = Record<string, any>;

let shop: string;
let otherShop: string;
let orders: Order[];

/** An order placed through the API: these products, this currency, this buyer. */
async function placeOrder(
  shopId: string,
  { products, currency, email }: { products: string[]; currency: string; email: string },
): Promise<Order> {
  const cart = await newCart(shopId, {
    currency,
    lineItems: products.map((productId) => ({ productId, quantity: 3 })),
  });
  const billing = await cart.call('/billing-address', {
    method: 'PUT',
    body: { ...BILLING, emailAddress: email },
  });
  if (billing.status !== 200) throw new Error(`billing address refused: ${billing.text}`);
  const placed = await cart.call('/order', { method: 'POST' });
  if (placed.status !== 201) throw new Error(`checkout failed: ${placed.text}`);
  return placed.body;
}

function patch(orderId: string, operations: unknown[]) {
  return call(`/${shop}/orders/${orderId}`, {
    method: 'PATCH',
    rawBody: JSON.stringify(operations),
    contentType: 'application/json-patch+json',
  });
}

/** Every order of the test shop as GET /orders/{o} shows it now. */
async function current(): Promise<Order[]> {
  return Promise.all(orders.map(async (o) => (await call(`/${shop}/orders/${o.orderId}`)).body));
}

/** The ids a list must show: those matching, newest first by `field`, ties by id. */
function expected(all: Order[], match: (o: Order) => boolean, field = 'creationDate'): string[] {
  return all
    .filter(match)
    .sort((a, b) => (a[field] === b[field] ? (a.orderId < b.orderId ? 1 : -1) : a[field] < b[field] ? 1 : -1))
    .map((o) => o.orderId);
}

async function listed(query: string) {
  const response = await call(`/${shop}/orders?resultsPerPage=100&${query}`);
  expect(response.status, response.text).toBe(200);
  return {
    results: response.body.results as number,
    ids: response.body.items.map((o: Order) => o.orderId) as string[],
  };
}

const lines = (o: Order): string[] =>
  o.lineItemContainer.productLineItems.map((line: Order) => line.productId);

beforeAll(async () => {
  [shop, otherShop] = await Promise.all([privateDemoShop('orderfilters'), privateDemoShop('orderfilters2')]);
  const plan = [
    { products: ['espresso-beans'], currency: 'EUR', email: 'ada@example.com' },
    { products: ['espresso-beans', 'merino-beanie'], currency: 'GBP', email: 'bo@example.com' },
    { products: ['trail-mix'], currency: 'EUR', email: 'ada@example.com' },
    { products: ['merino-beanie'], currency: 'GBP', email: 'cy@example.com' },
    { products: ['espresso-beans', 'trail-mix'], currency: 'EUR', email: 'cy@example.com' },
    { products: ['gas-stove'], currency: 'EUR', email: 'bo@example.com' },
  ];
  orders = [];
  // One after another, so creation times differ and the order is known.
  for (const step of plan) orders.push(await placeOrder(shop, step));
  await placeOrder(otherShop, plan[0] as (typeof plan)[number]);
  const [o0, o1, o2, , o4] = orders as Order[];
  for (const [order, operations] of [
    [o0, [{ op: 'add', path: '/paidOn' }]],
    [
      o1,
      [
        { op: 'add', path: '/paidOn' },
        { op: 'add', path: '/dispatchedOn' },
      ],
    ],
    [
      o2,
      [
        { op: 'add', path: '/viewedOn' },
        { op: 'add', path: '/pendingOn' },
      ],
    ],
    [
      o4,
      [
        { op: 'add', path: '/archivedOn' },
        { op: 'add', path: '/internalNote', value: 'x' },
      ],
    ],
  ] as const) {
    const patched = await patch((order as Order).orderId, operations as unknown as unknown[]);
    if (patched.status !== 200) throw new Error(`PATCH failed: ${patched.text}`);
  }
}, 60_000);

describe('GET /orders filters', () => {
  it('finds by each status timestamp, true and false, with exact results', async () => {
    // Prepare
    const all = await current();

    for (const status of FILTER_STATUSES)
      for (const value of [true, false]) {
        // Act
        const found = await listed(`${status}=${value}`);

        // Assess
        const want = expected(all, (o) => (o[status] !== null) === value);
        expect({ status, value, ...found }).toEqual({ status, value, results: want.length, ids: want });
      }
  });

  it('finds by customer, product and currency, alone and combined', async () => {
    // Prepare
    const all = await current();
    const ada = (orders[0] as Order).customerId as string;
    const cases: [string, (o: Order) => boolean][] = [
      [`customerId=${ada}`, (o) => o.customerId === ada],
      ['productId=espresso-beans', (o) => lines(o).includes('espresso-beans')],
      ['currency=GBP', (o) => o.currencyId === 'GBP'],
      ['paidOn=false&currency=EUR', (o) => o.paidOn === null && o.currencyId === 'EUR'],
      [
        'productId=merino-beanie&dispatchedOn=true',
        (o) => lines(o).includes('merino-beanie') && o.dispatchedOn !== null,
      ],
      [`customerId=${ada}&viewedOn=true`, (o) => o.customerId === ada && o.viewedOn !== null],
      [
        `customerId=${ada}&productId=trail-mix`,
        (o) => o.customerId === ada && lines(o).includes('trail-mix'),
      ],
    ];

    for (const [query, match] of cases) {
      // Act
      const found = await listed(query);

      // Assess
      const want = expected(all, match);
      expect(want.length, query).toBeGreaterThan(0);
      expect({ query, ...found }).toEqual({ query, results: want.length, ids: want });
    }
  });

  it('finds by creation window and updatedFrom, and sorts by lastUpdatedOnDate on lastUpdated=true', async () => {
    // Prepare
    const all = await current();
    const [, o1, o2, o3] = all as [Order, Order, Order, Order];
    const cases: [string, (o: Order) => boolean, string?][] = [
      [
        `createdAfter=${o1.creationDate}&createdBefore=${o3.creationDate}`,
        (o) => o.creationDate >= o1.creationDate && o.creationDate <= o3.creationDate,
      ],
      [
        `createdAfter=${o2.creationDate}&currency=EUR`,
        (o) => o.creationDate >= o2.creationDate && o.currencyId === 'EUR',
      ],
      [
        `createdBefore=${o2.creationDate}&paidOn=true`,
        (o) => o.creationDate <= o2.creationDate && o.paidOn !== null,
      ],
      [`updatedFrom=${o1.lastUpdatedOnDate}`, (o) => o.lastUpdatedOnDate >= o1.lastUpdatedOnDate],
      ['lastUpdated=true', () => true, 'lastUpdatedOnDate'],
      ['lastUpdated=true&currency=EUR', (o) => o.currencyId === 'EUR', 'lastUpdatedOnDate'],
      ['lastUpdated=false', () => true],
    ];

    for (const [query, match, field] of cases) {
      // Act
      const found = await listed(query);

      // Assess
      const want = expected(all, match, field);
      expect({ query, ...found }).toEqual({ query, results: want.length, ids: want });
    }
    // The PATCHed orders come first by last change, not by creation.
    expect((await listed('lastUpdated=true')).ids.slice(0, 4)).toEqual(
      expected(all, () => true, 'lastUpdatedOnDate').slice(0, 4),
    );
    expect(expected(all, () => true, 'lastUpdatedOnDate')).not.toEqual(expected(all, () => true));
  });

  it('pages by number and by cursor, the same orders once each', async () => {
    // Prepare
    const all = await current();
    const want = expected(all, (o) => o.currencyId === 'EUR', 'lastUpdatedOnDate');

    // Act
    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        call(`/${shop}/orders?currency=EUR&lastUpdated=true&resultsPerPage=2&page=${page}`),
      ),
    );
    const walked: string[] = [];
    let next: string | undefined = `/${shop}/orders?currency=EUR&lastUpdated=true&resultsPerPage=3`;
    while (next) {
      const page: ApiResponse = await call(next);
      walked.push(...page.body.items.map((o: Order) => o.orderId));
      const link: { href: string } | undefined = page.body.links.find(
        (l: { rel: string }) => l.rel === 'next',
      );
      next = link ? `${new URL(link.href).pathname}${new URL(link.href).search}` : undefined;
    }

    // Assess
    expect(pages.map((p) => p.body.results)).toEqual([want.length, want.length, want.length]);
    expect(pages.flatMap((p) => p.body.items.map((o: Order) => o.orderId))).toEqual(want);
    expect(walked).toEqual(want);
  });

  it('shows a PATCHed order in or out of a filtered list at once', async () => {
    // Prepare
    const order = orders[5] as Order;
    const unpaidBefore = await listed('paidOn=false');
    expect(unpaidBefore.ids).toContain(order.orderId);

    // Act
    const patched = await patch(order.orderId, [{ op: 'add', path: '/paidOn' }]);
    const paid = await listed('paidOn=true');
    const unpaid = await listed('paidOn=false');
    const newest = await listed('lastUpdated=true');
    await patch(order.orderId, [{ op: 'remove', path: '/paidOn' }]);
    const unpaidAgain = await listed('paidOn=false');

    // Assess
    expect(patched.status).toBe(200);
    expect(paid.ids).toContain(order.orderId);
    expect(unpaid.ids).not.toContain(order.orderId);
    expect(unpaid.results).toBe(unpaidBefore.results - 1);
    expect(newest.ids[0]).toBe(order.orderId);
    expect(unpaidAgain.results).toBe(unpaidBefore.results);
  });

  it('shows an invoiced order under invoicedOn=true at once, first by last change', async () => {
    // Prepare
    const order = orders[3] as Order;
    const before = await listed('invoicedOn=true');

    // Act
    const invoice = await call(`/${shop}/orders/${order.orderId}/documents`, {
      method: 'POST',
      body: { documentType: 'Invoice' },
    });
    const invoiced = await listed('invoicedOn=true');
    const newest = await listed('lastUpdated=true');

    // Assess
    expect(invoice.status, invoice.text).toBe(201);
    expect(before.ids).not.toContain(order.orderId);
    expect(invoiced.ids).toContain(order.orderId);
    expect(invoiced.results).toBe(before.results + 1);
    expect(newest.ids[0]).toBe(order.orderId);
  });

  it("never shows another shop's orders; an unknown id matches nothing", async () => {
    // Act
    const beans = await listed('productId=espresso-beans');
    const everything = await listed('lastUpdated=true');
    const otherBeans = await call(`/${otherShop}/orders?productId=espresso-beans`);
    const unknownProduct = await listed('productId=no-such-product');
    const unknownCustomer = await listed('customerId=no-such-customer&paidOn=true');
    const unknownCustomerList = await listed('customerId=no-such-customer');

    // Assess
    expect(everything.results).toBe(orders.length);
    expect(beans.ids.every((id) => orders.some((o) => o.orderId === id))).toBe(true);
    expect(otherBeans.body.results).toBe(1);
    expect(beans.ids).not.toContain(otherBeans.body.items[0].orderId);
    for (const none of [unknownProduct, unknownCustomer, unknownCustomerList])
      expect(none).toEqual({ results: 0, ids: [] });
  });

  it('answers 400 naming the field for every bad value', async () => {
    // Prepare
    const cases: [string, string[]][] = [
      ['paidOn=yes', ['paidOn']],
      ['viewedOn=1', ['viewedOn']],
      ['lastUpdated=maybe', ['lastUpdated']],
      ['createdAfter=yesterday', ['createdAfter']],
      ['updatedFrom=2026-13-45', ['updatedFrom']],
      [
        'createdAfter=2026-03-01T00:00:00Z&createdBefore=2026-02-01T00:00:00Z',
        ['createdAfter', 'createdBefore'],
      ],
      [
        'createdAfter=2025-01-01T00:00:00Z&createdBefore=2026-01-01T00:00:01Z',
        ['createdAfter', 'createdBefore'],
      ],
      ['currency=EURO', ['currency']],
      ['currency=eur', ['currency']],
      ['currency=XQQ', ['currency']],
      ['paidOn=yes&currency=EURO&createdBefore=soon', ['paidOn', 'currency', 'createdBefore']],
    ];

    for (const [query, fields] of cases) {
      // Act
      const response = await call(`/${shop}/orders?${query}`);

      // Assess
      expect(response.status, query).toBe(400);
      const named = response.body.errors.map((e: { field: string }) => e.field);
      expect({ query, named: [...new Set(named)].sort() }).toEqual({ query, named: [...fields].sort() });
    }
    // Exactly one year apart is allowed.
    const year = await call(
      `/${shop}/orders?createdAfter=2025-01-01T00:00:00Z&createdBefore=2026-01-01T00:00:00Z`,
    );
    expect(year.status).toBe(200);
  });

  it('reads a filtered page by key: the feed buckets, and a batch of the orders not kept, no more than the unfiltered page', async () => {
    // Prepare: the instance holds the shop's index already (earlier requests), and every unpaid
    // order's item (this page of 100 showed them all).
    await listed('paidOn=false');

    // Act
    const filtered = await call(`/${shop}/orders?paidOn=false&currency=EUR&resultsPerPage=2`);
    const unfiltered = await call(`/${shop}/orders?resultsPerPage=2`);
    const filteredCost = requestCost(filtered.headers.get('server-timing'));
    const unfilteredCost = requestCost(unfiltered.headers.get('server-timing'));

    // Assess
    expect(filtered.body.items).toHaveLength(2);
    // A Query of the feed's one bucket (what changed lately); the page's orders are kept at the
    // versions the index holds, so no BatchGetItem (lib/data/feeds/kept-items.ts).
    expect(filteredCost.calls).toBe(1);
    expect(filteredCost.readUnits).toBeLessThanOrEqual(Math.max(unfilteredCost.readUnits, 2) * 2);
  });
});
