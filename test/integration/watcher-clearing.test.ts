import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BatchWrite, batchWrite } from '../../lib/data/batch-write';
import { dynamo, tableName } from '../../lib/data/client';
import { clearWatchers, dropWatchers, lastClearing } from '../../lib/data/inventory/watcher-clearing';
import { countWatchers } from '../../lib/data/inventory/watchers';
import { keys } from '../../lib/data/keys';
import { STOCK_BACK_MAX_EMAILS, type Watcher } from '../../lib/domain/inventory/watchers';
import { listProductWatchers } from '../../lib/use-cases/inventory/list-product-watchers';
import { eventEntity } from '../../lib/use-cases/webhooks/event-entity';
import { privateDemoShop } from '../support/shops';

/**
 * The clearing of a product's watchers on DynamoDB Local (docs/inventory.md "Who watched"): more
 * watchers than a STOCK_BACK carries, moved in pages, and a clearing a crash left half done. The
 * watchers are written straight to the table (a sign-up each over HTTP would take a minute).
 */

/** An hour ago: sign-ups and clearings of the last hour are kept. */
const BASE = Date.now() - 3600_000;
const at = (i: number) => new Date(BASE + i * 1000).toISOString();

/** n watchers of a product signed up one second apart, as addWatcher stores them, with their summary. */
async function seedWatchers(shopId: string, productId: string, n: number): Promise<Watcher[]> {
  const watchers = Array.from({ length: n }, (_, i) => ({
    productId,
    emailAddress: `Buyer${String(i).padStart(4, '0')}@Example.com`,
    createdOn: at(i),
  }));
  await batchWrite([
    {
      put: {
        ...keys.watchSummary(shopId, productId),
        kind: 'watchSummary',
        productId,
        watchers: n,
        firstWatchedOn: at(0),
        gsi1pk: keys.watchedProducts(shopId),
        gsi1sk: `${at(0)}#${productId}`,
      },
    },
    ...watchers.flatMap((w) => [
      { put: { ...keys.watcher(shopId, productId, w.emailAddress), kind: 'watcher', ...w } },
      {
        put: {
          ...keys.watcherByTime(shopId, productId, w.createdOn, w.emailAddress),
          kind: 'watcherByTime',
          ...w,
        },
      },
    ]),
  ]);
  return watchers;
}

async function itemsLeft(shopId: string, productId: string): Promise<number> {
  const { Count = 0 } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.watchers(shopId, productId) },
      ConsistentRead: true,
    }),
  );
  return Count;
}

describe('clearWatchers', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('clearing');
  });

  it('moves 25 watchers in pages (of 10 here), oldest first, leaving nothing behind', async () => {
    // Prepare
    const watchers = await seedWatchers(shop, 'down-sleeping-bag', 25);
    const clearedOn = at(1000);

    // Act
    await clearWatchers(shop, 'down-sleeping-bag', clearedOn, 10);
    const list = (page: number) =>
      listProductWatchers({ shopId: shop, productId: 'down-sleeping-bag', page, perPage: 10 });
    const pages = await Promise.all([list(1), list(2), list(3)]);

    // Assess
    expect(pages.map((p) => p.results)).toEqual([25, 25, 25]);
    expect(pages.flatMap((p) => p.items)).toEqual(watchers.map((w) => ({ ...w, clearedOn })));
    expect(await lastClearing(shop, 'down-sleeping-bag')).toMatchObject({ moved: 25, done: true });
    expect(await itemsLeft(shop, 'down-sleeping-bag')).toBe(0);
    expect(await countWatchers(shop, 'down-sleeping-bag')).toBe(0);
  });

  it('gives STOCK_BACK the oldest 1,000 addresses of 1,001 cleared; the list serves the last one', async () => {
    // Prepare: a clearing of 1,001 as the clearing leaves it
    const clearedOn = at(2000);
    const cleared = Array.from({ length: 1001 }, (_, i) => ({
      productId: 'dome-tent-2p',
      emailAddress: `Late${String(i).padStart(4, '0')}@Example.com`,
      createdOn: at(i),
    }));
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const writes: BatchWrite[] = [
      {
        put: {
          ...keys.watcherClearing(shop, 'dome-tent-2p'),
          kind: 'watcherClearing',
          clearedOn,
          moved: 1001,
          done: true,
          expiresAt,
        },
      },
      ...cleared.map((w, i) => ({
        put: {
          ...keys.clearedWatcher(shop, 'dome-tent-2p', clearedOn, i),
          kind: 'clearedWatcher',
          ...w,
          expiresAt,
        },
      })),
    ];
    // Concurrent batches of 25: a thousand writes one batch after another take seconds on DynamoDB Local.
    await Promise.all(
      Array.from({ length: Math.ceil(writes.length / 25) }, (_, k) =>
        batchWrite(writes.slice(k * 25, k * 25 + 25)),
      ),
    );

    // Act
    const detail = { shopId: shop, productId: 'dome-tent-2p', stocklevel: 3, watchers: 1001 };
    const base = { baseUrl: 'http://127.0.0.1:3000', shopId: shop };
    const found = await eventEntity('STOCK_BACK', { ...detail, clearedOn }, base);
    const ofAnother = await eventEntity('STOCK_BACK', { ...detail, clearedOn: at(1) }, base);
    const lastPage = await listProductWatchers({
      shopId: shop,
      productId: 'dome-tent-2p',
      page: 101,
      perPage: 10,
    });

    // Assess
    const entity = found?.entity as { watchers: number; watcherEmails: string[] };
    expect(entity.watchers).toBe(1001);
    expect(entity.watcherEmails).toHaveLength(STOCK_BACK_MAX_EMAILS);
    expect(entity.watcherEmails).toEqual(cleared.slice(0, 1000).map((w) => w.emailAddress));
    expect(ofAnother?.entity).toMatchObject({ watcherEmails: [] });
    expect(lastPage).toEqual({ results: 1001, items: [{ ...cleared[1000], clearedOn }] });
  });

  it('finishes a clearing a crash left half done: each watcher once, without gaps; a repeat changes nothing', async () => {
    // Prepare: the summary taken, the third watcher copied (its batch came through, the first's not:
    // a gap at number 0), all originals still there
    const [first, ...rest] = await seedWatchers(shop, 'gas-stove', 3);
    const clearedOn = at(100);
    await batchWrite([
      { delete: keys.watchSummary(shop, 'gas-stove') },
      {
        put: {
          ...keys.watcherClearing(shop, 'gas-stove'),
          kind: 'watcherClearing',
          clearedOn,
          moved: 0,
          done: false,
          expiresAt: Math.floor(Date.now() / 1000) + 3600,
        },
      },
      {
        put: { ...keys.clearedWatcher(shop, 'gas-stove', clearedOn, 2), kind: 'clearedWatcher', ...rest[1] },
      },
    ]);

    // Act
    await clearWatchers(shop, 'gas-stove', clearedOn);
    await clearWatchers(shop, 'gas-stove', clearedOn);
    const listed = await listProductWatchers({ shopId: shop, productId: 'gas-stove', page: 1, perPage: 10 });

    // Assess
    expect(listed.results).toBe(3);
    expect(listed.items.map((w) => w.emailAddress)).toEqual(
      [rest[1], first, rest[0]].map((w) => w?.emailAddress),
    );
    expect(await itemsLeft(shop, 'gas-stove')).toBe(0);
  });

  it("drops a deleted product's watchers without keeping them, and takes it off the watched count", async () => {
    // Prepare
    await seedWatchers(shop, 'merino-beanie', 15);

    // Act
    await dropWatchers(shop, 'merino-beanie');

    // Assess
    expect(await itemsLeft(shop, 'merino-beanie')).toBe(0);
    expect(await countWatchers(shop, 'merino-beanie')).toBe(0);
    expect(await lastClearing(shop, 'merino-beanie')).toBeUndefined();
  });
});
