import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkWrite } from '../../infra/bench/bulk-write';
import { meterDynamo } from '../../infra/bench/dynamo-meter';
import { cartItem, listCarts } from '../../lib/data/cart/cart-repository';
import { dynamo } from '../../lib/data/client';
import { customerItems } from '../../lib/data/customers/customer-items';
import { listCustomers } from '../../lib/data/customers/customer-repository';
import { newId } from '../../lib/data/ids';
import { cartAt, freshShopId, spreadTimes } from '../support/list-fixtures';
import { useLocalTable } from '../support/local-env';

/**
 * The small version of `npm run bench:scale`'s lists: a list request of a warm instance reads what
 * its page needs, whatever the shop's size and however deep the page. Asserted on the calls and read
 * units DynamoDB reports, never on time.
 */
let meter: ReturnType<typeof meterDynamo>;
beforeAll(() => {
  useLocalTable();
  meter = meterDynamo(dynamo());
});
afterAll(() => meter.remove());

async function shopOf(size: number): Promise<string> {
  const shopId = freshShopId(`cost${size}`);
  const carts = spreadTimes(size, 25).map((ms, i) =>
    cartItem(cartAt(shopId, ms, { address: i % 3 === 0 }), 1),
  );
  const customers = spreadTimes(size, 300).map(
    (ms, i) =>
      customerItems(
        shopId,
        {
          customerId: newId(),
          customerNumber: `N-${i}`,
          creationDate: new Date(ms).toISOString(),
          billingAddress: { emailAddress: `c${i}@example.com` },
          internalNote: null,
        },
        1,
        // Written long ago: a warm read then finds nothing new in the feed, at either size.
        new Date(ms).toISOString(),
      ).customer,
  );
  await bulkWrite([...carts, ...customers]);
  // The instance's first read of a list loads the shop's feed: what is measured is a warm read (of
  // pages whose items the instance has not read yet).
  await listCarts(shopId, {}, { page: 3, perPage: 10 });
  await listCustomers(shopId, { page: 3, perPage: 10 });
  return shopId;
}

/** Read units and calls of one list read. */
async function cost(read: () => Promise<{ results: number }>) {
  meter.take();
  const { results } = await read();
  const usage = meter.take();
  return { results, readUnits: usage.readUnits, calls: usage.calls };
}

describe('list cost', () => {
  it('reads as much for a page of 40 carts or customers as of 600, for page 20 as for page 1, and less for a page read before', async () => {
    const [small, large] = [await shopOf(40), await shopOf(600)];

    const carts = async (shopId: string, page: number) =>
      cost(() => listCarts(shopId, {}, { page, perPage: 10 }));
    const customers = async (shopId: string, page: number) =>
      cost(() => listCustomers(shopId, { page, perPage: 10 }));
    const [smallCarts, largeCarts, largeDeep] = [
      await carts(small, 1),
      await carts(large, 1),
      await carts(large, 20),
    ];
    const [smallCustomers, largeCustomers] = [await customers(small, 1), await customers(large, 1)];
    const [cartsAgain, customersAgain] = [await carts(large, 1), await customers(large, 1)];

    expect([smallCarts.results, largeCarts.results, smallCustomers.results, largeCustomers.results]).toEqual([
      40, 600, 40, 600,
    ]);
    expect(largeCarts.readUnits).toBeGreaterThan(0);
    expect(largeCarts.readUnits).toBe(smallCarts.readUnits);
    expect(largeCarts.calls).toBe(smallCarts.calls);
    expect(largeCustomers.readUnits).toBe(smallCustomers.readUnits);
    expect(largeCustomers.calls).toBe(smallCustomers.calls);
    // A Query of the feed's one bucket, the page's items: nothing of what page 20 skips.
    expect(largeCarts.calls).toBe(2);
    expect([largeDeep.calls, largeDeep.readUnits]).toEqual([largeCarts.calls, largeCarts.readUnits]);
    // The same page again: its items are kept at the versions the index holds, not read again.
    expect([cartsAgain.results, customersAgain.results]).toEqual([600, 600]);
    expect([cartsAgain.calls, customersAgain.calls]).toEqual([1, 1]);
    expect(cartsAgain.readUnits).toBeLessThan(largeCarts.readUnits);
    expect(customersAgain.readUnits).toBeLessThan(largeCustomers.readUnits);
  }, 60_000);
});
