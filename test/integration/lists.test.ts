import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { batchGetItems } from '../../lib/data/batch-get';
import { insertCart, listCarts, updateCart } from '../../lib/data/cart/cart-repository';
import { importShop } from '../../lib/data/import-shop';
import { keys } from '../../lib/data/keys';
import { countListed, untalliedItems } from '../../lib/data/lists/count';
import { foldTallies } from '../../lib/data/lists/fold';
import { expiryPartitions, untalliedPartitions } from '../../lib/data/lists/listing';
import { cartSeries, series } from '../../lib/data/lists/series';
import { type CartRecord, isExpired } from '../../lib/domain/cart/cart';
import { holdCalls, whenAnswered } from '../support/faults';
import { inPool } from '../support/fuzz-http';
import { cartAt, freshShopId, spreadTimes } from '../support/list-fixtures';
import { useLocalTable } from '../support/local-env';

beforeAll(() => useLocalTable());

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
  // Two windows of each rounding: each count reads every bucket of the carts' indexes (~100 calls),
  // and the test counts each window 12 times (3 address filters, 4 moments).
  for (let i = 0; i < 6; i++) {
    const [a, b] = [at(), at()].sort((x, y) => x - y) as [number, number];
    const round = i % 3 === 0 ? 60_000 : i % 3 === 1 ? DAY : 1;
    list.push({ from: iso(Math.floor(a / round) * round), to: iso(Math.floor(b / round) * round) });
  }
  list.push({ from: iso(now), to: iso(now - 1) });
  return list;
}

describe('list counts', () => {
  it('count exactly in any window, before and after the fold, with expired carts and changed ones', async () => {
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
      // A few windows at once: ~50 counts a check, four checks, one after the other took a minute.
      await inPool(cases, 6, async ({ window, w, address }) => {
        const counted = await countListed(shopId, 'CART', cartSeries(address), window);
        expect({ window, address, counted }).toEqual({
          window,
          address,
          counted: truth(carts, window, address),
        });
        // Deep pages start where the counters place them: the same items as the truth's slice.
        if (w % 4 !== 0) return;
        const page = 2 + (w % 3);
        const found = await listCarts(shopId, { ...window, hasAddressData: address }, { page, perPage: 4 });
        expect({ window, address, page, ids: found.items.map((c) => c.cartId) }).toEqual({
          window,
          address,
          page,
          ids: listed(carts, window, address).slice((page - 1) * 4, page * 4),
        });
      });
    };

    // Act + Assess: nothing folded yet, then all folded, then some changed after the fold
    await check();
    const report = await foldTallies(shopId);
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
    await foldTallies(shopId);
    await check();

    // Each expired cart was deleted by the fold, and nothing is left to fold.
    expect(report.folded).toBeGreaterThan(0);
    const stored = await batchGetItems(carts.map((c) => keys.cart(shopId, c.cartId)));
    expect(stored.map((item) => item === null)).toEqual(carts.map((c) => isExpired(c)));
    expect(await untalliedItems(shopId, 'CART', new Date().toISOString())).toEqual([]);
  }, 90_000);

  it('keep every racing cart change: the fold and the writers never undo each other', async () => {
    const shopId = freshShopId('race');
    const carts = Array.from({ length: 12 }, () => cartAt(shopId, Date.now()));
    for (const cart of carts) await insertCart(cart);

    // Twelve carts toggle their address data five times each while folds run alongside.
    const writers = carts.map(async (cart) => {
      let current = cart;
      for (let i = 0; i < 5; i++)
        current = await updateCart(current, (c) => ({
          ...c,
          billingAddress: c.billingAddress ? null : { firstName: 'C' },
        }));
      return current;
    });
    const folding = (async () => {
      for (let i = 0; i < 6; i++) await foldTallies(shopId);
    })();
    const final = await Promise.all(writers);
    await folding;
    await foldTallies(shopId);

    const withAddress = await countListed(shopId, 'CART', cartSeries(true), {});
    const without = await countListed(shopId, 'CART', cartSeries(false), {});
    expect([withAddress, without]).toEqual([truth(final, {}, true), truth(final, {}, false)]);
    expect(withAddress + without).toBe(12);
  });
});

describe('deep pages', () => {
  it("start right in a busy shop's last hours and further back, before and after the fold", async () => {
    const shopId = freshShopId('deep');
    const hour = 3_600_000;
    const now = Date.now();
    // Most carts in the last hour, several a minute (found in the hour and minute counters), some in
    // the last two days, some older (found by descending from the year).
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

    await check();
    await foldTallies(shopId);
    await check();
  });
});

describe('imported customers', () => {
  it('are counted once, however often the file is imported and whenever the fold runs', async () => {
    const file = await readShopFile('infra/local/seed/demo.json');
    const shopId = freshShopId('reimport');
    const customers = () => countListed(shopId, 'CUSTOMER', [series.customers], {});

    await importShop(shopId, file);
    const first = await customers();
    await foldTallies(shopId);
    await importShop(shopId, file);
    const again = await customers();
    await foldTallies(shopId);

    expect([first, again, await customers()]).toEqual(Array(3).fill(file.customers.length));
  });
});

describe('the fold', () => {
  it('leaves what it has no time for to its next run; counts stay exact meanwhile', async () => {
    const shopId = freshShopId('budget');
    for (const ms of spreadTimes(30, 5)) await insertCart(cartAt(shopId, ms));

    const outOfTime = await foldTallies(shopId, { budgetMs: -1 });
    const counted = await countListed(shopId, 'CART', cartSeries(undefined), {});
    const next = await foldTallies(shopId);

    expect(outOfTime).toMatchObject({ folded: 0, unfinished: true });
    expect(counted).toBe(30);
    expect(next.unfinished).toBe(false);
    expect(await untalliedItems(shopId, 'CART', new Date().toISOString())).toEqual([]);
    expect(await countListed(shopId, 'CART', cartSeries(undefined), {})).toBe(30);
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

describe('a count across a fold', () => {
  it('counts each item once when a fold commits between reading the lagging items and the counters', async () => {
    // Arrange: 20 carts with address data, none folded yet
    const shopId = freshShopId('across');
    for (const ms of spreadTimes(20, 5)) await insertCart(cartAt(shopId, ms, { address: true }));
    const pkOf = (input: unknown) =>
      String(
        (input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':pk'],
      );
    const lagging = new Set([...untalliedPartitions(shopId, 'CART'), ...expiryPartitions(shopId)]);
    // The count's own reads of the lagging items (the fold's carry a Limit).
    const laggingRead = whenAnswered(
      (command, input) =>
        command === 'QueryCommand' &&
        lagging.has(pkOf(input)) &&
        (input as { Limit?: number }).Limit === undefined,
      lagging.size,
    );
    const counters = holdCalls(
      (command, input) =>
        command === 'QueryCommand' && pkOf(input).startsWith(keys.tallyCounters(shopId, '')),
    );

    // Act: the count reads the lagging items; the fold commits; then the count reads the counters
    const counting = countListed(shopId, 'CART', cartSeries(true), {});
    await Promise.all([counters.reached, laggingRead]);
    const folded = await foldTallies(shopId);
    counters.release();

    // Assess: all 20 moved into the counters meanwhile, and are counted once
    expect(folded.folded).toBe(20);
    expect(await counting).toBe(20);
  });
});
