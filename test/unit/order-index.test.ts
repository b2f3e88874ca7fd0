import { describe, expect, it } from 'vitest';
import { SortedSlots } from '../../lib/data/feeds/sorted-slots';
import {
  entryOfFeedItem,
  entryOfOrder,
  type OrderEntry,
  orderFeedAttributes,
} from '../../lib/data/orders/order-feed';
import { OrderIndex } from '../../lib/data/orders/order-index';
import type { OrderRecord } from '../../lib/domain/orders/order';
import {
  compileFilter,
  FILTER_STATUSES,
  type OrderFilter,
  type OrderSort,
  orderMatches,
  orderSortKey,
} from '../../lib/domain/orders/order-filter';

/** The in-memory order index (lib/data/orders/order-index.ts) against the filter's plain definition. */

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}

function entries(count: number, seed = 7): OrderEntry[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    // Few distinct times, so ties (broken by id) happen.
    const createdMs = T0 + next(count / 4) * 1000;
    return {
      orderId: `order-${String(i).padStart(5, '0')}-${next(1000)}`,
      createdMs,
      updatedMs: createdMs + next(5) * 60_000,
      statusBits: next(1 << FILTER_STATUSES.length),
      customerId: `customer-${next(20)}`,
      currency: ['EUR', 'GBP', 'USD'][next(3)] as string,
      productIds: [...new Set([`product-${next(30)}`, `product-${next(30)}`])],
      version: 0,
    };
  });
}

/** What a page must show: every match, sorted newest first in `sort`, ties by id descending. */
function reference(all: readonly OrderEntry[], filter: OrderFilter, sort: OrderSort) {
  const compiled = compileFilter(filter);
  const time = (e: OrderEntry) => (sort === 'created' ? e.createdMs : e.updatedMs);
  return all
    .filter((e) => orderMatches(compiled, e))
    .sort((a, b) => time(b) - time(a) || (a.orderId < b.orderId ? 1 : -1));
}

function filters(seed: number, count: number): OrderFilter[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const filter: OrderFilter = { statuses: {} };
    for (const name of FILTER_STATUSES)
      if (next(5) === 0) (filter.statuses as Record<string, boolean>)[name] = next(2) === 0;
    if (next(4) === 0) filter.customerId = `customer-${next(22)}`;
    if (next(4) === 0) filter.productId = `product-${next(32)}`;
    if (next(3) === 0) filter.currency = ['EUR', 'GBP', 'USD', 'CHF'][next(4)];
    if (next(4) === 0) filter.createdAfter = new Date(T0 + next(500) * 1000).toISOString();
    if (next(4) === 0) filter.createdBefore = new Date(T0 + next(500) * 1000).toISOString();
    if (next(5) === 0) filter.updatedFrom = new Date(T0 + next(500) * 1000).toISOString();
    return filter;
  });
}

describe('OrderIndex.find', () => {
  it('counts every match and pages them in either order as the plain filter does', () => {
    // Prepare
    const all = entries(2000);
    const index = new OrderIndex();
    for (const entry of all) index.apply(entry);

    for (const filter of filters(11, 300))
      for (const sort of ['created', 'updated'] as const) {
        // Act
        const page3 = index.find(compileFilter(filter), sort, { offset: 10, perPage: 5 });

        // Assess
        const want = reference(all, filter, sort);
        expect(page3.results).toBe(want.length);
        expect(page3.orderIds).toEqual(want.slice(10, 15).map((e) => e.orderId));
      }
  });

  it('continues after a cursor exactly where the page before it ended', () => {
    // Prepare
    const all = entries(500, 3);
    const index = new OrderIndex();
    for (const entry of all) index.apply(entry);

    for (const filter of [{}, { currency: 'EUR' }, { customerId: 'customer-3' }, { productId: 'product-4' }])
      for (const sort of ['created', 'updated'] as const) {
        // Act
        const seen: string[] = [];
        let after: string | undefined;
        for (;;) {
          const page = index.find(compileFilter(filter), sort, { offset: 0, perPage: 7, after });
          seen.push(...page.orderIds);
          if (page.orderIds.length < 7) break;
          after = page.last;
        }

        // Assess
        expect(seen).toEqual(reference(all, filter, sort).map((e) => e.orderId));
      }
  });

  it('takes a newer version, ignores an older or equal one, and sorts the change in', () => {
    // Prepare
    const all = entries(50, 5);
    const index = new OrderIndex();
    for (const entry of all) index.apply(entry);
    const moved = all[0] as OrderEntry;
    const newer = { ...moved, version: 2, updatedMs: T0 + 10 * 24 * 3600_000, statusBits: 1 };
    const older = { ...moved, version: 1, updatedMs: T0, statusBits: 0 };

    // Act
    const tookNewer = index.apply(newer);
    const tookOlder = index.apply(older);
    const tookSame = index.apply({ ...newer });
    const newest = index.find(compileFilter({}), 'updated', { offset: 0, perPage: 1 });
    const viewed = index.find(compileFilter({ statuses: { viewedOn: true } }), 'created', {
      offset: 0,
      perPage: 100,
    });

    // Assess
    expect([tookNewer, tookOlder, tookSame]).toEqual([true, false, false]);
    expect(index.versionOf(moved.orderId)).toBe(2);
    expect(index.count).toBe(50);
    expect(newest.orderIds).toEqual([moved.orderId]);
    expect(newest.last).toBe(orderSortKey(newer.updatedMs, moved.orderId));
    const changed = all.map((e) => (e.orderId === moved.orderId ? newer : e));
    expect(viewed.orderIds).toEqual(
      reference(changed, { statuses: { viewedOn: true } }, 'created').map((e) => e.orderId),
    );
  });

  it('keeps both orders right as entries come and move between finds', () => {
    // Prepare
    let all = entries(500, 9);
    const index = new OrderIndex();
    for (const entry of all.slice(0, 300)) index.apply(entry);
    index.find(compileFilter({}), 'updated', { offset: 0, perPage: 1 });
    const next = random(13);
    let version = 0;

    for (let round = 1; round <= 10; round++) {
      // Act: some orders change (later, or at an older time), new ones come, then a find.
      const changed = new Map<string, OrderEntry>();
      for (let k = 0; k < 15; k++) {
        const picked = (all[next(300)] as OrderEntry).orderId;
        const old = changed.get(picked) ?? (all.find((e) => e.orderId === picked) as OrderEntry);
        const entry = {
          ...old,
          version: ++version,
          updatedMs: T0 + next(400) * 1000,
          statusBits: next(1024),
        };
        changed.set(old.orderId, entry);
        index.apply(entry);
      }
      for (const entry of all.slice(300 + (round - 1) * 20, 300 + round * 20)) index.apply(entry);
      all = all.map((e) => changed.get(e.orderId) ?? e);
      const held = all.slice(0, 300 + round * 20);

      // Assess
      for (const sort of ['created', 'updated'] as const)
        for (const filter of [{}, { statuses: { paidOn: true } }, { productId: 'product-7' }]) {
          const found = index.find(compileFilter(filter), sort, { offset: 0, perPage: 1000 });
          expect(found.orderIds).toEqual(reference(held, filter, sort).map((e) => e.orderId));
        }
    }
  });

  it('finds nothing for an id no order has', () => {
    // Prepare
    const index = new OrderIndex();
    for (const entry of entries(100)) index.apply(entry);

    // Act
    const found = [{ customerId: 'nobody' }, { productId: 'nothing' }, { currency: 'JPY' }].map(
      (filter) => index.find(compileFilter(filter), 'created', { offset: 0, perPage: 10 }).results,
    );

    // Assess
    expect(found).toEqual([0, 0, 0]);
  });
});

describe('SortedSlots', () => {
  it('stays sorted as slots move, leaving stale entries behind and dropping them in time', () => {
    // Prepare
    const ids = Array.from({ length: 1000 }, (_, i) => `id${String(i).padStart(4, '0')}`);
    const times = ids.map((_, i) => i * 10);
    const slots = new SortedSlots(ids);
    slots.place(
      ids.map((_, i) => i),
      (slot) => times[slot] as number,
    );
    let shrank = 0;

    for (let round = 0; round < 50; round++) {
      // Act: twenty slots move, most to the newest end, some into the middle.
      const moved = [...new Set(Array.from({ length: 20 }, (_, k) => (round * 37 + k * 53) % 1000))];
      for (const slot of moved)
        times[slot] = slot % 5 === 0 ? 5000 + round : 20_000 + round * 100 + (slot % 7);
      const before = slots.length;
      slots.place(moved, (slot) => times[slot] as number);
      if (slots.length < before) shrank++;

      // Assess: walked from the end, the live entries are newest first, ties by id descending.
      const walked: number[] = [];
      for (let i = slots.length - 1; i >= 0; i--) if (slots.at(i) >= 0) walked.push(slots.at(i));
      const want = ids
        .map((_, i) => i)
        .sort(
          (a, b) =>
            (times[b] as number) - (times[a] as number) || ((ids[a] as string) < (ids[b] as string) ? 1 : -1),
        );
      expect(walked).toEqual(want);
    }
    expect(shrank).toBeGreaterThan(0);
  });
});

describe('the feed entry', () => {
  it('reads back from the feed attributes as from the order itself', () => {
    // Prepare
    const order = {
      shopId: 'shop',
      orderId: '01JORDER',
      customerId: '01JCUSTOMER',
      currency: 'GBP',
      createdAt: '2026-02-01T10:00:00.123Z',
      updatedAt: '2026-02-03T11:00:00.456Z',
      lines: [{ productId: 'espresso-beans' }, { productId: 'trail-mix' }, { productId: 'espresso-beans' }],
      timestamps: Object.fromEntries(
        [...FILTER_STATUSES, 'inProcessOn'].map((name) => [
          name,
          name === 'paidOn' || name === 'inProcessOn' ? '2026-02-02T00:00:00.000Z' : null,
        ]),
      ),
    } as unknown as OrderRecord;

    // Act
    const feed = orderFeedAttributes(order, 4);
    const fromFeed = entryOfFeedItem({ sort: feed.gsi4sk, ox: feed.ox, os: feed.os, version: 3 });

    // Assess
    expect(fromFeed).toEqual(entryOfOrder(order, 3));
    expect(fromFeed.productIds).toEqual(['espresso-beans', 'trail-mix']);
    expect(fromFeed.statusBits).toBe(1 << FILTER_STATUSES.indexOf('paidOn'));
  });
});
