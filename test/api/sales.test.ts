import { beforeAll, describe, expect, it } from 'vitest';
import { netFromGross, parseMoney, toDecimalString } from '../../lib/domain/money/money';
import { fromUnits, quantityUnits } from '../../lib/domain/quantity';
import { call, tokenFor } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { salesUntil } from '../support/sales';
import { parseServerTiming } from '../support/server-timing';
import { privateDemoShop } from '../support/shops';

/**
 * GET /sales (docs/orders.md "Sales figures") over real HTTP:
 * orders placed through the API, the twin's stream running the sales tally, the report polled until
 * it caught up and compared with sums the test works out from GET /orders/{o}.
 */

type Line = { productId: string; quantity: number };
interface PlacedOrder {
  orderId: string;
  creationDate: string;
  currencyId: string;
  grandTotal: string;
  totalBeforeTax: string;
  lineItemContainer: {
    productLineItems: {
      productId: string;
      quantity: { amount: number };
      lineItemPrice: { amount: number };
      taxClass: { percentage: number };
    }[];
  };
}

async function placeOrder(shop: string, lines: Line[], currency = 'EUR'): Promise<PlacedOrder> {
  const cart = await newCart(shop, { currency, lineItems: lines });
  const billing = await cart.call('/billing-address', { method: 'PUT', body: BILLING });
  if (billing.status !== 200) throw new Error(`billing address refused: ${billing.text}`);
  const placed = await cart.call('/order', { method: 'POST' });
  if (placed.status !== 201) throw new Error(`order refused: ${placed.text}`);
  const read = await call(`/${shop}/orders/${placed.body.orderId}`);
  return read.body as PlacedOrder;
}

type Sums = Map<string, { gross: number; net: number; orders: number; units: number }>;

/** The report the test expects, summed from the orders as GET /orders/{o} shows them. */
function expected(orders: readonly PlacedOrder[], productId?: string) {
  const sums: Sums = new Map();
  for (const order of orders) {
    const currency = order.currencyId;
    const entry = sums.get(currency) ?? { gross: 0, net: 0, orders: 0, units: 0 };
    if (productId === undefined) {
      entry.gross += parseMoney(order.grandTotal, currency);
      entry.net += parseMoney(order.totalBeforeTax, currency);
      entry.orders += 1;
    } else {
      const lines = order.lineItemContainer.productLineItems.filter((l) => l.productId === productId);
      if (lines.length === 0) continue;
      for (const line of lines) {
        const gross = parseMoney(line.lineItemPrice.amount, currency);
        entry.gross += gross;
        entry.net += netFromGross(gross, String(line.taxClass.percentage));
        entry.units += quantityUnits(line.quantity.amount);
      }
      entry.orders += 1;
    }
    sums.set(currency, entry);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => ({
      currency,
      totalGrossRevenue: Number(toDecimalString(s.gross, currency)),
      totalNetRevenue: Number(toDecimalString(s.net, currency)),
      totalOrders: s.orders,
      ...(productId === undefined ? {} : { unitsSold: fromUnits(s.units) }),
    }));
}

/** GET /sales until its figures are `wanted` (the tally follows the stream within about a second). */
function salesWhen(shop: string, query: string, wanted: unknown) {
  return salesUntil(shop, query, (body) => JSON.stringify(body.salesPerCurrency) === JSON.stringify(wanted));
}

describe('GET /sales', () => {
  let shop: string;
  let orders: PlacedOrder[];
  let rejected: PlacedOrder;
  beforeAll(async () => {
    shop = await privateDemoShop('sales');
    orders = [
      await placeOrder(shop, [
        { productId: 'espresso-beans', quantity: 2 },
        { productId: 'merino-beanie', quantity: 1 },
      ]),
      await placeOrder(shop, [
        { productId: 'filter-coffee-by-weight', quantity: 0.75 },
        { productId: 'espresso-beans', quantity: 1 },
      ]),
      await placeOrder(shop, [{ productId: 'espresso-beans', quantity: 3 }], 'GBP'),
    ];
    rejected = await placeOrder(shop, [{ productId: 'merino-beanie', quantity: 2 }]);
  });

  it('sums grand totals and totals before tax per currency, and a rejection takes its order out again', async () => {
    // Act
    const before = await salesWhen(shop, '', expected([...orders, rejected]));
    const patched = await call(`/${shop}/orders/${rejected.orderId}`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/rejectedOn' }],
    });
    const after = await salesWhen(shop, '', expected(orders));

    // Assess
    expect(before.body.salesPerCurrency).toEqual(expected([...orders, rejected]));
    expect(patched.status).toBe(200);
    expect(after.status).toBe(200);
    expect(after.body.salesPerCurrency).toEqual(expected(orders));
    expect(after.body.salesPerCurrency.map((e: { currency: string }) => e.currency)).toEqual(['EUR', 'GBP']);
    expect(after.headers.get('cache-control')).toMatch(/no-store/);
  });

  it("with productId: only that product's lines, the orders holding it and the units sold (decimal too)", async () => {
    // Act
    await salesWhen(shop, '', expected(orders));
    const espresso = await salesWhen(shop, '?productId=espresso-beans', expected(orders, 'espresso-beans'));
    const coffee = await call(`/${shop}/sales?productId=filter-coffee-by-weight`);
    const beanie = await salesWhen(shop, '?productId=merino-beanie', expected(orders, 'merino-beanie'));
    const none = await call(`/${shop}/sales?productId=no-such-product`);

    // Assess
    expect(espresso.body.salesPerCurrency).toEqual(expected(orders, 'espresso-beans'));
    expect(espresso.body.salesPerCurrency[0]).toMatchObject({
      currency: 'EUR',
      totalOrders: 2,
      unitsSold: 3,
    });
    expect(coffee.body.salesPerCurrency).toEqual(expected(orders, 'filter-coffee-by-weight'));
    expect(coffee.body.salesPerCurrency[0].unitsSold).toBe(0.75);
    // The rejected order held 2 beanies: only the first order's one is left.
    expect(beanie.body.salesPerCurrency).toEqual([expect.objectContaining({ totalOrders: 1, unitsSold: 1 })]);
    expect(none.body.salesPerCurrency).toEqual([]);
  });

  it('counts createdAfter ≤ creationDate < createdBefore, to the millisecond', async () => {
    // Prepare
    const [first, second] = orders as [PlacedOrder, PlacedOrder];
    await salesWhen(shop, '', expected(orders));
    const q = (after: string, before: string) =>
      `?createdAfter=${encodeURIComponent(after)}&createdBefore=${encodeURIComponent(before)}`;
    const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

    // Act
    const fromSecond = await call(
      `/${shop}/sales${q(second.creationDate, later(second.creationDate, 86_400_000))}`,
    );
    const justAfterFirst = await call(
      `/${shop}/sales${q(later(first.creationDate, 1), second.creationDate)}`,
    );
    const onlyFirst = await call(`/${shop}/sales${q(first.creationDate, later(first.creationDate, 1))}`);

    // Assess
    const after = orders.filter((o) => o.creationDate >= second.creationDate);
    expect(fromSecond.body.salesPerCurrency).toEqual(expected(after));
    expect(justAfterFirst.body.salesPerCurrency).toEqual(
      expected(
        orders.filter((o) => o.creationDate > first.creationDate && o.creationDate < second.creationDate),
      ),
    );
    expect(onlyFirst.body.salesPerCurrency).toEqual(expected([first]));
  });

  it('answers the range it used: the last 30 days, 30 days from createdAfter, the 30 days before createdBefore', async () => {
    // Act
    const sent = Date.now();
    const none = await call(`/${shop}/sales`);
    const fromAfter = await call(`/${shop}/sales?createdAfter=2026-01-01`);
    const toBefore = await call(`/${shop}/sales?createdBefore=2026-03-01T00:00:00Z`);
    const long = await call(
      `/${shop}/sales?createdAfter=2025-02-01T00:00:00Z&createdBefore=2026-02-01T00:00:00Z`,
    );
    const old = await call(`/${shop}/sales?createdBefore=2020-01-01T00:00:00Z`);

    // Assess
    const day = 86_400_000;
    const noneBefore = Date.parse(none.body.createdBefore);
    expect(noneBefore).toBeGreaterThanOrEqual(sent - 1000);
    expect(noneBefore - Date.parse(none.body.createdAfter)).toBe(30 * day);
    expect(fromAfter.body).toMatchObject({
      createdAfter: '2026-01-01T00:00:00.000Z',
      createdBefore: '2026-01-31T00:00:00.000Z',
    });
    expect(toBefore.body).toMatchObject({
      createdAfter: '2026-01-30T00:00:00.000Z',
      createdBefore: '2026-03-01T00:00:00.000Z',
    });
    expect(long.status).toBe(200);
    // A year: at most 9 Queries of totals (+ at most one rate-limit lease write), a few read units.
    const db = parseServerTiming(long.headers.get('server-timing') ?? '').db?.params.desc ?? '';
    const [, calls, readUnits] = /^"?(\d+) calls?, ([\d.]+) RCU/.exec(db) ?? [];
    expect(Number(calls)).toBeLessThanOrEqual(10);
    expect(Number(readUnits)).toBeLessThanOrEqual(10);
    expect(old.body.salesPerCurrency).toEqual([]);
  });

  it.each([
    ['not a date', '?createdAfter=yesterday', 'createdAfter'],
    ['not a date', '?createdBefore=2026-13-01', 'createdBefore'],
    ['out of order', '?createdAfter=2026-02-01T00:00:00Z&createdBefore=2026-01-01T00:00:00Z', 'createdAfter'],
    [
      'more than 1 year apart',
      '?createdAfter=2025-01-01T00:00:00Z&createdBefore=2026-01-01T00:00:00.001Z',
      'createdBefore',
    ],
    ['a bad productId', '?productId=a%23b', 'productId'],
    ['an unknown time zone', '?perDay=true&timeZone=Mars%2FOlympus', 'timeZone'],
    ['a time zone without perDay', '?timeZone=Europe%2FBerlin', 'timeZone'],
    ['perDay not true or false', '?perDay=yes', 'perDay'],
    [
      'perDay over more than 92 days',
      '?perDay=true&createdAfter=2026-01-01&createdBefore=2026-04-03T00:00:00.001Z',
      'createdBefore',
    ],
  ])('answers 400 for %s (%s), naming %s', async (_, query, field) => {
    // Act
    const response = await call(`/${shop}/sales${query}`);

    // Assess
    expect(response.status).toBe(400);
    expect(response.body.errors.length).toBeGreaterThan(0);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual(
      response.body.errors.map(() => field),
    );
  });

  it("with perDay: each day of the merchant's time zone, today's holding the orders, in one call's worth of reads", async () => {
    // Prepare: the last two Berlin days, up to the next Berlin midnight
    await salesWhen(shop, '', expected(orders));
    const berlinDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

    // Act
    const report = await call(`/${shop}/sales?perDay=true&timeZone=Europe%2FBerlin`);
    const utc = await call(`/${shop}/sales?perDay=true&createdAfter=2026-01-01&createdBefore=2026-01-04`);

    // Assess
    expect(report.status).toBe(200);
    expect(report.body.timeZone).toBe('Europe/Berlin');
    expect(report.body.salesPerCurrency).toEqual(expected(orders));
    const days = report.body.salesPerDay as {
      day: string;
      createdAfter: string;
      createdBefore: string;
      salesPerCurrency: unknown[];
    }[];
    expect(days.length).toBeGreaterThanOrEqual(30);
    expect(days.length).toBeLessThanOrEqual(31);
    expect(days[0]?.createdAfter).toBe(report.body.createdAfter);
    expect(days.at(-1)?.createdBefore).toBe(report.body.createdBefore);
    for (let i = 1; i < days.length; i++) expect(days[i]?.createdAfter).toBe(days[i - 1]?.createdBefore);
    expect(days.at(-1)).toMatchObject({ day: berlinDate, salesPerCurrency: expected(orders) });
    expect(days.slice(0, -1).flatMap((d) => d.salesPerCurrency)).toEqual([]);
    const db = parseServerTiming(report.headers.get('server-timing') ?? '').db?.params.desc ?? '';
    expect(Number(/^"?(\d+) calls?/.exec(db)?.[1])).toBeLessThanOrEqual(10);
    expect(utc.body.timeZone).toBe('UTC');
    expect(utc.body.salesPerDay.map((d: { day: string }) => d.day)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
  });

  it("never counts another shop's orders, and a shop without orders has []", async () => {
    // Prepare
    const other = await privateDemoShop('sales-other');
    const empty = await call(`/${other}/sales`);
    const theirs = await placeOrder(other, [{ productId: 'espresso-beans', quantity: 5 }]);

    // Act
    const theirSales = await salesWhen(other, '', expected([theirs]));
    const ours = await call(`/${shop}/sales`);

    // Assess
    expect(empty.body.salesPerCurrency).toEqual([]);
    expect(theirSales.body.salesPerCurrency).toEqual(expected([theirs]));
    expect(ours.body.salesPerCurrency).toEqual(expected(orders));
  });

  it('answers 403 to a token without orders_read', async () => {
    // Act
    const response = await call(`/${shop}/sales`, {
      token: tokenFor(shop, ['orders_write', 'products_read']),
    });

    // Assess
    expect(response.status).toBe(403);
  });
});
