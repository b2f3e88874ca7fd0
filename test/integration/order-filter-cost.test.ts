import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkWrite } from '../../infra/bench/bulk-write';
import { meterDynamo } from '../../infra/bench/dynamo-meter';
import { dynamo } from '../../lib/data/client';
import { findOrders } from '../../lib/data/orders/find-orders';
import { forgetOrderIndexes, keptOrders } from '../../lib/data/orders/order-index-cache';
import type { OrderFilter, OrderSort } from '../../lib/domain/orders/order-filter';
import { freshShopId, orderAt, orderFixtureItem, spreadTimes } from '../support/list-fixtures';
import { useLocalTable } from '../support/local-env';

/**
 * The small version of `npm run bench:scale -- --parts order-filters`: a filtered page reads the
 * feed's recent changes and its own orders, whatever the shop's size; only an instance's first
 * request (the cold load) reads every order's entry. Asserted on the read units DynamoDB reports.
 */
let meter: ReturnType<typeof meterDynamo>;
beforeAll(() => {
  useLocalTable();
  meter = meterDynamo(dynamo());
});
afterAll(() => meter.remove());

/** A shop of `size` orders over the last 300 days: every third paid, a quarter in GBP, two products. */
async function shopOf(size: number): Promise<string> {
  const shopId = freshShopId(`ordercost${size}`);
  const orders = spreadTimes(size, 300).map((ms, i) =>
    orderFixtureItem(orderAt(shopId, ms, i, { products: [i % 2 ? 'espresso-beans' : 'trail-mix'] })),
  );
  await bulkWrite(orders);
  return shopId;
}

async function cost(shopId: string, filter: OrderFilter, sort: OrderSort = 'created') {
  // The orders earlier pages showed are kept (lib/data/feeds/kept-items.ts): forgotten here, so each
  // read is of a page new to the instance, index warm.
  keptOrders.forget();
  meter.take();
  const { results, items } = await findOrders(shopId, filter, sort, { page: 1, perPage: 10 });
  const usage = meter.take();
  return { results, items: items.length, readUnits: usage.readUnits, calls: usage.calls };
}

describe('order filter cost', () => {
  it('reads as much for a filtered page of 40 orders as of 1,500; the cold load once per instance', async () => {
    const [small, large] = [await shopOf(40), await shopOf(1500)];
    forgetOrderIndexes();

    const [smallCold, largeCold] = [await cost(small, {}), await cost(large, {})];
    const filters: [OrderFilter, OrderSort][] = [
      [{ statuses: { paidOn: false } }, 'created'],
      [{ currency: 'EUR', statuses: { paidOn: true } }, 'updated'],
      [{ productId: 'espresso-beans', statuses: { viewedOn: false } }, 'created'],
    ];
    for (const [filter, sort] of filters) {
      const [smallWarm, largeWarm] = [await cost(small, filter, sort), await cost(large, filter, sort)];

      expect(largeWarm.items).toBe(10);
      expect(largeWarm.results).toBeGreaterThan(smallWarm.results);
      // The feed's one bucket's Query (nothing changed lately) and one BatchGetItem of the page, at
      // any size.
      expect([smallWarm.calls, largeWarm.calls]).toEqual([2, 2]);
      expect(largeWarm.readUnits).toBe(smallWarm.readUnits);
    }
    // The cold load reads every entry once: it grows with the shop (~200 bytes an order).
    expect(largeCold.results).toBe(1500);
    expect(largeCold.readUnits).toBeGreaterThan(smallCold.readUnits);
    expect(largeCold.readUnits).toBeLessThan((1500 * 400) / 4096 / 2 + 2 + 20);
  }, 60_000);
});
