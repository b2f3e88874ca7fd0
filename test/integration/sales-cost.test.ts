import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterDynamo } from '../../infra/bench/dynamo-meter';
import { dynamo } from '../../lib/data/client';
import { keys } from '../../lib/data/keys';
import { orderItem } from '../../lib/data/orders/order-items';
import { bulkLoadSalesTotals } from '../../lib/data/orders/sales-bulk-load';
import { readSalesPerDay, readSalesTotals } from '../../lib/data/orders/sales-reads';
import { salesChangeOf } from '../../lib/data/orders/sales-stream';
import { queryAll } from '../../lib/data/query-all';
import type { OrderRecord } from '../../lib/domain/orders/order';
import { salesDays } from '../../lib/domain/orders/sales-days';
import { decomposeRange } from '../../lib/domain/orders/sales-periods';
import { tallySales } from '../../lib/use-cases/orders/tally-sales';
import { freshShopId, spreadTimes } from '../support/list-fixtures';
import { useLocalTable } from '../support/local-env';
import { streamRecord } from '../support/stream-images';

/**
 * What GET /sales reads (docs/orders.md "Sales figures"): a year costs the same few Queries and
 * read units whatever the shop sold, and the bench's bulk load of totals leaves exactly the items
 * the sales tally writes for the same orders.
 */
let meter: ReturnType<typeof meterDynamo>;
beforeAll(() => {
  useLocalTable();
  meter = meterDynamo(dynamo());
});
afterAll(() => meter.remove());

const PRODUCTS = ['espresso-beans', 'merino-beanie', 'filter-coffee-by-weight'];

/** Orders of one to three products in EUR and GBP, created at the given times (the fields the figures read). */
function ordersAt(shopId: string, times: readonly number[]): OrderRecord[] {
  return times.map((ms, i) => {
    const lines = PRODUCTS.slice(0, 1 + (i % 3)).map((productId, k) => ({
      lineItemId: `l${k}`,
      productId,
      quantity: k === 2 ? 0.75 : 1 + k,
      amount: 1000 + 10 * k + (i % 7),
      taxClassId: 'standard',
      taxPercentage: k === 2 ? '7' : '19',
    }));
    const gross = lines.reduce((s, l) => s + l.amount, 0) + 490;
    return {
      shopId,
      orderId: `O${String(i).padStart(6, '0')}`,
      currency: i % 4 === 0 ? 'GBP' : 'EUR',
      taxModel: 'GROSS',
      createdAt: new Date(ms).toISOString(),
      lines,
      totals: { grandTotal: gross, totalBeforeTax: Math.round(gross / 1.19) },
      timestamps: { rejectedOn: null },
    } as unknown as OrderRecord;
  });
}

/** Every totals item of a shop (its own and its products'), keys without the shop. */
async function totalsItems(shopId: string) {
  const partitions = [undefined, ...PRODUCTS];
  const items = await Promise.all(
    partitions.map((p) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.salesTotals(shopId, p) },
        ConsistentRead: true,
      }),
    ),
  );
  return items.flat().map(({ pk, ...rest }) => ({ pk: String(pk).replace(shopId, 'S'), ...rest }));
}

describe('sales figures: cost and the bulk load', () => {
  it('a year costs at most 9 Queries and the same read units, however many orders the shop has', async () => {
    // Prepare
    const now = Date.now();
    const small = freshShopId('salescost');
    const large = freshShopId('salescost');
    await bulkLoadSalesTotals(small, ordersAt(small, spreadTimes(40, 365, now)));
    await bulkLoadSalesTotals(large, ordersAt(large, spreadTimes(400, 365, now)));
    // A year ending at an odd instant: every level is read at both ends.
    const before = now - 12_345;
    const after = new Date(before);
    after.setUTCFullYear(after.getUTCFullYear() - 1);
    const spans = decomposeRange(after.getTime(), before);

    // Act
    const cost = async (shopId: string, productId?: string) => {
      meter.take();
      const sums = await readSalesTotals(shopId, productId, spans);
      return { sums, ...meter.take() };
    };
    const [smallYear, largeYear, largeProduct] = [
      await cost(small),
      await cost(large),
      await cost(large, 'espresso-beans'),
    ];

    // Assess
    console.log(
      `sales year: ${spans.length} Queries; RCU ${smallYear.readUnits} (40 orders), ${largeYear.readUnits} (400), ${largeProduct.readUnits} (one product)`,
    );
    expect(spans.length).toBeLessThanOrEqual(9);
    for (const one of [smallYear, largeYear, largeProduct]) {
      expect(one.calls).toBe(spans.length);
      expect(one.readUnits).toBeLessThanOrEqual(10);
    }
    expect(largeYear.readUnits).toBeLessThanOrEqual(smallYear.readUnits + 5);
    expect([...largeYear.sums.values()].reduce((n, f) => n + f.orders, 0)).toBeGreaterThan(350);
  }, 90_000);

  it('30 Berlin days in one Query of hours, each order in its Berlin day, however many orders', async () => {
    // Prepare: 120 orders over 31 days, some in the hour after Berlin's midnight (still the day before in UTC)
    const end = Date.parse('2026-11-29T00:00:00+01:00');
    const times = [
      ...spreadTimes(100, 31, end),
      ...Array.from({ length: 20 }, (_, i) => end - i * 86_400_000 + 600_000 - 86_400_000),
    ];
    const shopId = freshShopId('salesdays');
    const orders = ordersAt(shopId, times);
    await bulkLoadSalesTotals(shopId, orders);
    const range = { after: end - 30 * 86_400_000, before: end };
    const cut = salesDays(range, 'Europe/Berlin');
    if (!('days' in cut)) throw new Error('no days');
    const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });

    // Act
    meter.take();
    const { whole, perDay } = await readSalesPerDay(shopId, undefined, cut.days);
    const cost = meter.take();

    // Assess: each day's orders counted from the orders themselves
    const inRange = orders.filter(
      (o) => Date.parse(o.createdAt) >= range.after && Date.parse(o.createdAt) < end,
    );
    const ordersOf = (day: string) =>
      inRange.filter((o) => berlinDay.format(Date.parse(o.createdAt)) === day).length;
    expect(cut.days).toHaveLength(30);
    expect(
      cut.days.map((d, i) => [d.day, [...(perDay[i]?.values() ?? [])].reduce((n, f) => n + f.orders, 0)]),
    ).toEqual(cut.days.map((d) => [d.day, ordersOf(d.day)]));
    expect([...whole.values()].reduce((n, f) => n + f.orders, 0)).toBe(inRange.length);
    console.log(
      `sales per Berlin day, 30 days: ${cost.calls} Queries, ${cost.readUnits} RCU (${inRange.length} orders)`,
    );
    expect(cost.calls).toBe(1);
    expect(cost.readUnits).toBeLessThanOrEqual(10);
  }, 60_000);

  it('the bulk load writes exactly what the tally writes for the same orders', async () => {
    // Prepare
    const times = spreadTimes(60, 365);
    const loaded = freshShopId('salesbulk');
    const tallied = freshShopId('salestally');

    // Act
    await bulkLoadSalesTotals(loaded, ordersAt(loaded, times));
    const changes = ordersAt(tallied, times).flatMap(
      (o) => salesChangeOf(streamRecord(orderItem({ ...o, customerId: 'c' } as OrderRecord, 1))) ?? [],
    );
    await tallySales(changes);

    // Assess
    const sort = (items: Record<string, unknown>[]) =>
      items.sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`));
    expect(changes).toHaveLength(60);
    expect(sort(await totalsItems(tallied))).toEqual(sort(await totalsItems(loaded)));
  });
});
