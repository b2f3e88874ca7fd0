import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bulkWrite } from '../../infra/bench/bulk-write';
import { meterDynamo } from '../../infra/bench/dynamo-meter';
import { readShopFile } from '../../infra/local/import-file';
import { batchGetItems } from '../../lib/data/batch-get';
import {
  cartItem,
  forgetCartIndexes,
  insertCart,
  listCarts,
  updateCart,
} from '../../lib/data/cart/cart-repository';
import { dynamo } from '../../lib/data/client';
import { forgetCustomerIndexes, listCustomers } from '../../lib/data/customers/customer-repository';
import { readSpread } from '../../lib/data/feeds/feed-spread';
import { importShop } from '../../lib/data/import-shop';
import { keys } from '../../lib/data/keys';
import { type CartRecord, isExpired } from '../../lib/domain/cart/cart';
import { clearFaults, injectFaults } from '../support/faults';
import { inPool } from '../support/fuzz-http';
import { cartAt, freshShopId, spreadTimes } from '../support/list-fixtures';
import { useLocalTable } from '../support/local-env';

/**
 * The lists of carts and customers (lib/data/feeds): each instance keeps a shop's items in memory,
 * brought up to date from the feed by every request, and counts and pages there. Checked against
 * the truth computed from the carts themselves, on a cold instance (its first read loads the feed)
 * and a warm one (it reads only what changed), in any window, after changes, under racing writers.
 */

beforeAll(() => useLocalTable());
afterEach(() => clearFaults());

const DAY = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** What GET /carts must list: open, unexpired carts in the window, by address data, newest first. */
function listed(carts: CartRecord[], window: { from?: string; to?: string }, address?: boolean) {
  return carts
    .filter(
      (c) =>
        c.status === 'open' &&
        !isExpired(c) &&
        (window.from === undefined || c.createdAt >= window.from) &&
        (window.to === undefined || c.createdAt <= window.to) &&
        (address === undefined || (c.billingAddress !== null) === address),
    )
    .sort((a, b) => (`${a.createdAt}#${a.cartId}` < `${b.createdAt}#${b.cartId}` ? 1 : -1))
    .map((c) => c.cartId);
}

function truth(carts: CartRecord[], window: { from?: string; to?: string }, address?: boolean) {
  return listed(carts, window, address).length;
}

/** Windows with ends at random milliseconds, whole minutes and days, open ends, and empty ones. */
function windows(now: number, random: () => number) {
  const at = () => now - Math.floor(random() * 70 * DAY);
  const list: { from?: string; to?: string }[] = [
    {},
    { from: iso(now - 40 * DAY) },
    { to: iso(now - 3 * DAY) },
  ];
  // Four windows of each rounding, each counted 12 times (3 address filters, 4 moments).
  for (let i = 0; i < 12; i++) {
    const [a, b] = [at(), at()].sort((x, y) => x - y) as [number, number];
    const round = i % 3 === 0 ? 60_000 : i % 3 === 1 ? DAY : 1;
    list.push({ from: iso(Math.floor(a / round) * round), to: iso(Math.floor(b / round) * round) });
  }
  list.push({ from: iso(now), to: iso(now - 1) });
  return list;
}

describe('list counts', () => {
  it('count exactly in any window on a cold and a warm instance, with expired carts and changed ones', async () => {
    // Prepare: carts over 70 days (created more than 30 days ago and not changed since: expired)
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const shopId = freshShopId('counts');
    const now = Date.now();
    const carts = spreadTimes(120, 70, now, random).map((created, i) =>
      cartAt(shopId, created, {
        address: i % 3 === 0,
        updatedMs: i % 4 === 0 ? Math.min(now - 1000, created + 50 * DAY) : created,
      }),
    );
    for (const cart of carts) await insertCart(cart);
    const check = async () => {
      const cases = windows(now, random).flatMap((window, w) =>
        [undefined, true, false].map((address) => ({ window, w, address })),
      );
      await inPool(cases, 6, async ({ window, w, address }) => {
        const page = 1 + (w % 3);
        const found = await listCarts(shopId, { ...window, hasAddressData: address }, { page, perPage: 4 });
        expect({
          window,
          address,
          page,
          results: found.results,
          ids: found.items.map((c) => c.cartId),
        }).toEqual({
          window,
          address,
          page,
          results: truth(carts, window, address),
          ids: listed(carts, window, address).slice((page - 1) * 4, page * 4),
        });
      });
    };

    // Act + Assess: a cold instance, the same one warm, then after changes, then cold again
    forgetCartIndexes();
    await check();
    await check();
    const changed = carts.filter((c) => !isExpired(c)).slice(0, 10);
    for (const [i, cart] of changed.entries()) {
      const stored = await updateCart(cart, (c) => ({
        ...c,
        billingAddress: i % 2 ? null : { firstName: 'B' },
      }));
      carts[carts.indexOf(cart)] = stored;
    }
    await check();
    forgetCartIndexes();
    await check();
  }, 60_000);

  it('keep every racing cart change, with lists read while the writers run', async () => {
    const shopId = freshShopId('race');
    const carts = Array.from({ length: 12 }, () => cartAt(shopId, Date.now()));
    for (const cart of carts) await insertCart(cart);

    // Twelve carts toggle their address data five times each while lists are read alongside.
    const writers = carts.map(async (cart) => {
      let current = cart;
      for (let i = 0; i < 5; i++)
        current = await updateCart(current, (c) => ({
          ...c,
          billingAddress: c.billingAddress ? null : { firstName: 'C' },
        }));
      return current;
    });
    const reading = (async () => {
      for (let i = 0; i < 6; i++) await listCarts(shopId, { hasAddressData: true }, { page: 1, perPage: 5 });
    })();
    const final = await Promise.all(writers);
    await reading;

    const count = async (address: boolean) =>
      (await listCarts(shopId, { hasAddressData: address }, { page: 1, perPage: 5 })).results;
    expect([await count(true), await count(false)]).toEqual([
      truth(final, {}, true),
      truth(final, {}, false),
    ]);
    expect((await count(true)) + (await count(false))).toBe(12);
  });
});

describe('deep pages', () => {
  it('hold the items the truth has at their offset, on a cold and a warm instance', async () => {
    const shopId = freshShopId('deep');
    const hour = 3_600_000;
    const now = Date.now();
    const times = [
      ...spreadTimes(100, 1 / 24, now),
      ...spreadTimes(30, 40 / 24, now),
      ...spreadTimes(20, 20, now - 3 * 24 * hour),
    ];
    const carts = times.map((ms, i) => cartAt(shopId, ms, { address: i % 2 === 0 }));
    for (const cart of carts) await insertCart(cart);
    const check = async () => {
      for (const address of [undefined, true])
        for (const page of [2, 5, 9, 14, 23, 28]) {
          const found = await listCarts(shopId, { hasAddressData: address }, { page, perPage: 5 });
          expect({ address, page, ids: found.items.map((c) => c.cartId) }).toEqual({
            address,
            page,
            ids: listed(carts, {}, address).slice((page - 1) * 5, page * 5),
          });
        }
    };

    forgetCartIndexes();
    await check();
    await check();
  });
});

describe('imported customers', () => {
  it('are counted once, however often the file is imported, on a warm and a cold instance', async () => {
    const file = await readShopFile('infra/local/seed/demo.json');
    const shopId = freshShopId('reimport');
    const customers = async () => (await listCustomers(shopId, { page: 1, perPage: 10 })).results;

    await importShop(shopId, file);
    const first = await customers();
    await importShop(shopId, file);
    const again = await customers();
    forgetCustomerIndexes();

    expect([first, again, await customers()]).toEqual(Array(3).fill(file.customers.length));
  });
});

describe('list pages', () => {
  it('walk a whole list with cursors, newest first, each item once', async () => {
    const shopId = freshShopId('walk');
    const carts = spreadTimes(45, 20).map((ms, i) => cartAt(shopId, ms, { address: i % 2 === 0 }));
    for (const cart of carts) await insertCart(cart);
    const newestFirst = [...carts].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)).map((c) => c.cartId);

    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 1; page < 20; page++) {
      const found = await listCarts(shopId, {}, { page, perPage: 7, after });
      expect(found.results).toBe(45);
      seen.push(...found.items.map((c) => c.cartId));
      if (seen.length >= 45) break;
      after = found.last;
    }
    const page3 = await listCarts(shopId, {}, { page: 3, perPage: 7 });

    expect(seen).toEqual(newestFirst);
    expect(page3.items.map((c) => c.cartId)).toEqual(newestFirst.slice(14, 21));
  });
});

describe('a throttled feed', () => {
  it('is spread over twice the write buckets, and the lists read them all', async () => {
    // Prepare: 10 carts on the feed's one bucket, listed once (a warm instance)
    const shopId = freshShopId('spread');
    const carts = spreadTimes(10, 2).map((ms) => cartAt(shopId, ms));
    for (const cart of carts) await insertCart(cart);
    const before = await listCarts(shopId, {}, { page: 1, perPage: 50 });

    // Act: a cart write throttled past the SDK's retries, then 30 more carts
    injectFaults({ commands: ['PutItemCommand'], times: 3 });
    const throttled = await insertCart(cartAt(shopId, Date.now())).catch((error: Error) => error.name);
    clearFaults();
    const more = Array.from({ length: 30 }, () => cartAt(shopId, Date.now()));
    for (const cart of more) await insertCart(cart);
    const stored = await batchGetItems(more.map((c) => keys.cart(shopId, c.cartId)));
    // The warm instance learns of the second bucket from the spread's entry in the first.
    const after = await listCarts(shopId, {}, { page: 1, perPage: 50 });
    forgetCartIndexes();
    const cold = await listCarts(shopId, {}, { page: 1, perPage: 50 });

    // Assess
    expect(throttled).toBe('ProvisionedThroughputExceededException');
    expect(before.results).toBe(10);
    expect(await readSpread(shopId, 'CART')).toBe(2);
    expect(new Set(stored.map((item) => item?.gsi4pk))).toEqual(
      new Set([keys.feed(shopId, 'CART', 0), keys.feed(shopId, 'CART', 1)]),
    );
    expect([after.results, cold.results]).toEqual([40, 40]);
  });
});

describe('a cold load', () => {
  it('that fails half way keeps the pages it read: the retry reads the rest', async () => {
    // Prepare: 2,500 carts (three pages of the feed), an instance that has not read them
    const shopId = freshShopId('coldpart');
    const carts = spreadTimes(2500, 20).map((ms) => cartAt(shopId, ms));
    await bulkWrite(carts.map((cart) => cartItem(cart, 1)));
    forgetCartIndexes();
    const meter = meterDynamo(dynamo());

    // Act: the feed's second page fails through every retry of the SDK, then the client retries
    injectFaults({ commands: ['QueryCommand'], skip: 1, times: 3 });
    const failed = await listCarts(shopId, {}, { page: 1, perPage: 5 }).catch((error: Error) => error.name);
    clearFaults();
    meter.take();
    const retried = await listCarts(shopId, {}, { page: 1, perPage: 5 });
    const usage = meter.take();
    meter.remove();

    // Assess: the feed's last two pages (not three), the page's carts (the first attempt read the spread)
    expect(failed).toBe('ProvisionedThroughputExceededException');
    expect(retried.results).toBe(2500);
    expect(usage.calls).toBe(2 + 1);
  }, 60_000);
});
