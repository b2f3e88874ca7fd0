import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkWrite } from '../../infra/bench/bulk-write';
import { meterDynamo } from '../../infra/bench/dynamo-meter';
import { resetConfig } from '../../lib/config';
import { dynamo, tableName } from '../../lib/data/client';
import { readFeedHead } from '../../lib/data/feeds/feed-snapshot';
import { keys } from '../../lib/data/keys';
import { findOrders } from '../../lib/data/orders/find-orders';
import { forgetOrderIndexes } from '../../lib/data/orders/order-index-cache';
import type { OrderRecord } from '../../lib/domain/orders/order';
import { clearFaults, clearLostAnswers, injectFaults, loseAnswers } from '../support/faults';
import { freshShopId, orderAt, orderFixtureItem, spreadTimes } from '../support/list-fixtures';
import { useLocalTable } from '../support/local-env';

/**
 * Feed snapshots (lib/data/feeds/feed-snapshot.ts, docs/data-model.md "Feed snapshots"): a cold load
 * that read many entries leaves a snapshot; the next cold instance reads it and the feed since, and
 * answers exactly what a full read of the feed answers.
 */
let meter: ReturnType<typeof meterDynamo>;
beforeAll(() => {
  useLocalTable();
  // A snapshot from a cold load that read 200 entries (2,000 in AWS): small shops, quick tests.
  process.env.FEED_SNAPSHOT_AFTER_ENTRIES = '200';
  resetConfig();
  meter = meterDynamo(dynamo());
});
afterAll(() => {
  meter.remove();
  clearLostAnswers();
});

/** Enough that reading the whole feed costs several times a snapshot's chunk (test 1); the others need less. */
const SIZE = 2200;
const SMALL = 300;

const fixture = (shopId: string, ms: number, i: number, paid?: boolean) =>
  orderAt(shopId, ms, i, paid === undefined ? {} : { paid });
const stored = orderFixtureItem;

async function shopOf(size: number): Promise<{ shopId: string; orders: OrderRecord[] }> {
  const shopId = freshShopId('feedsnap');
  const orders = spreadTimes(size, 300).map((ms, i) => fixture(shopId, ms, i));
  await bulkWrite(orders.map((order) => stored(order)));
  return { shopId, orders };
}

/** What a fresh instance answers: all orders, the paid ones, and the read units and calls it took. */
async function coldAnswer(shopId: string) {
  forgetOrderIndexes();
  meter.take();
  const all = await findOrders(shopId, {}, 'created', { page: 1, perPage: 5 });
  const usage = meter.take();
  const paid = await findOrders(shopId, { statuses: { paidOn: true } }, 'created', { page: 1, perPage: 5 });
  return { results: all.results, paid: paid.results, newest: all.items[0]?.orderId, usage };
}

/** GetItems of a cold load beyond the spread item's: the snapshot's chunks it read. */
const chunkReads = (commands: string[]) => commands.filter((c) => c === 'GetItemCommand').length - 1;

describe('feed snapshots', () => {
  let bigShop = '';
  it('a cold load of a big feed leaves one; the next cold instance reads it and the feed since, exactly', async () => {
    // Prepare: a shop of SIZE orders; the first cold load reads the whole feed
    const { shopId, orders } = await shopOf(SIZE);
    bigShop = shopId;
    const first = await coldAnswer(shopId);
    const head = await readFeedHead(shopId, 'ORDER');

    // Act: changes after the snapshot (a new order, an order paid), then a fresh instance
    const added = fixture(shopId, Date.now(), SIZE + 1, false);
    const paidLater = orders.find((o) => !o.timestamps.paidOn) as OrderRecord;
    const now = new Date().toISOString();
    await bulkWrite(
      [
        stored(added),
        stored({ ...paidLater, updatedAt: now, timestamps: { ...paidLater.timestamps, paidOn: now } }, 1),
      ],
      { parallel: 1 },
    );
    const second = await coldAnswer(shopId);

    // Assess
    const paidAtFirst = orders.filter((o) => o.timestamps.paidOn).length;
    expect(first).toMatchObject({ results: SIZE, paid: paidAtFirst });
    expect(head.snapshot).not.toBeNull();
    expect(second).toMatchObject({ results: SIZE + 1, paid: paidAtFirst + 1, newest: added.orderId });
    // The snapshot's chunks and the feed's last seconds instead of every page of the feed.
    expect(second.usage.readUnits).toBeLessThan(first.usage.readUnits / 3);
  }, 60_000);

  it('is read around when a chunk is gone: the feed in full, and a new snapshot', async () => {
    // Prepare: the first test's snapshot, its first chunk lost
    const shopId = bigShop;
    const before = (await readFeedHead(shopId, 'ORDER')).snapshot;
    if (!before) throw new Error('no snapshot');
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.feedSnapshotChunk(shopId, 'ORDER', before.id, 0),
      }),
    );

    // Act
    const answer = await coldAnswer(shopId);
    const after = (await readFeedHead(shopId, 'ORDER')).snapshot;

    // Assess: every order (the first test added one), from a new snapshot next time
    expect(answer.results).toBe(SIZE + 1);
    expect(after?.id).not.toBe(before.id);
    expect((await coldAnswer(shopId)).results).toBe(SIZE + 1);
  }, 60_000);

  it('is left by a cold load that took several requests (the first ran out half way)', async () => {
    // Prepare: two pages of the feed (1,000 entries a page)
    const SEVERAL = 1100;
    const { shopId } = await shopOf(SEVERAL);
    forgetOrderIndexes();

    // Act: the feed's second page fails through every retry of the SDK; the client's retry goes on
    injectFaults({ commands: ['QueryCommand'], skip: 1, times: 3 });
    const failed = await findOrders(shopId, {}, 'created', { page: 1, perPage: 5 }).catch(
      (error: Error) => error.name,
    );
    clearFaults();
    const retried = await findOrders(shopId, {}, 'created', { page: 1, perPage: 5 });
    const head = await readFeedHead(shopId, 'ORDER');
    const fresh = await coldAnswer(shopId);

    // Assess
    expect(failed).toBe('ProvisionedThroughputExceededException');
    expect(retried.results).toBe(SEVERAL);
    expect(head.snapshot).not.toBeNull();
    expect(fresh.results).toBe(SEVERAL);
    expect(chunkReads(fresh.usage.commands)).toBe(1);
  }, 60_000);

  it('keeps one snapshot published when cold loads race, each answering in full', async () => {
    // Prepare
    const { shopId } = await shopOf(SMALL);

    // Act: three cold instances at once (each its own index: forgotten between the starts)
    const racing = await Promise.all(
      [0, 1, 2].map(async () => {
        forgetOrderIndexes();
        return (await findOrders(shopId, {}, 'created', { page: 1, perPage: 5 })).results;
      }),
    );
    const published = (await readFeedHead(shopId, 'ORDER')).snapshot;
    const next = await coldAnswer(shopId);

    // Assess: the published snapshot is whole, and serves the next cold instance
    expect(racing).toEqual([SMALL, SMALL, SMALL]);
    expect(published).not.toBeNull();
    expect(next.results).toBe(SMALL);
    expect(chunkReads(next.usage.commands)).toBe(1);
  }, 90_000);

  it("keeps a snapshot whose publication's answer was lost after it was applied (fault)", async () => {
    // Prepare
    const { shopId } = await shopOf(SMALL);
    const lost = loseAnswers({ commands: ['UpdateItemCommand'], bodyIncludes: 'snapshotAt', times: 1 });

    // Act: the cold load that writes the snapshot, its publication answered only on the SDK's retry
    const first = await coldAnswer(shopId);
    clearLostAnswers();
    const published = (await readFeedHead(shopId, 'ORDER')).snapshot;
    const next = await coldAnswer(shopId);

    // Assess: recognised as its own, its chunks not retired: the next cold instance reads them
    expect(lost.lost()).toBe(1);
    expect(first.results).toBe(SMALL);
    expect(published).not.toBeNull();
    expect(next.results).toBe(SMALL);
    expect(chunkReads(next.usage.commands)).toBe(1);
    const chunk = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.feedSnapshotChunk(shopId, 'ORDER', published?.id as string, 0),
      }),
    );
    expect(chunk.Item?.expiresAt).toBeUndefined();
  }, 90_000);
});
