import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { meterDynamo } from '../../infra/bench/dynamo-meter';
import { generateShopFile } from '../../infra/local/gen-catalog';
import {
  COMPACT_AFTER_VERSIONS,
  COMPACTION_LEASE_MS,
  takeCompactionLease,
} from '../../lib/data/catalog/catalog-compaction';
import type { CatalogState } from '../../lib/data/catalog/catalog-entries';
import { pruneCatalogLog } from '../../lib/data/catalog/catalog-log-prune';
import { readCatalogPartition } from '../../lib/data/catalog/catalog-partition';
import { forgetCatalogs, loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { readCatalogHead } from '../../lib/data/catalog/catalog-snapshot';
import { stateFromEntries } from '../../lib/data/catalog/catalog-state';
import { updateCatalog } from '../../lib/data/catalog/catalog-update';
import { updateProduct } from '../../lib/data/catalog/product-writes';
import { dynamo, tableName } from '../../lib/data/client';
import { importShop } from '../../lib/data/import-shop';
import { keys } from '../../lib/data/keys';
import type { Catalog } from '../../lib/domain/catalog/catalog';
import { listProducts } from '../../lib/domain/catalog/product-listing';
import { searchProducts } from '../../lib/domain/search/search';
import { suggestProducts } from '../../lib/domain/search/suggest';
import type { ShopFile, ShopProduct } from '../../lib/schemas/shop-file';
import { call } from '../support/api';
import { clearFaults, clearLostAnswers, injectFaults, loseAnswers } from '../support/faults';
import { useLocalTable } from '../support/local-env';

/**
 * The catalog's snapshot and change log (lib/data/catalog-*.ts) against DynamoDB Local: a cold load
 * equals the catalog read the old way (the whole partition), a refresh reads only what changed,
 * compaction replaces snapshots without disturbing readers, and nothing reads the whole partition.
 */

beforeAll(() => useLocalTable());

const newShop = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The catalog as the earlier code built it: every item of the partition. */
async function catalogTheOldWay(shopId: string, version: number): Promise<CatalogState> {
  return stateFromEntries(shopId, version, await readCatalogPartition(shopId), null);
}

/** The `expiresAt` of a snapshot's first chunk (undefined: kept). */
async function chunkExpiry(shopId: string, snapshotId: string): Promise<number | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.catalogSnapshotChunk(shopId, snapshotId, 0) }),
  );
  expect(Item).toBeDefined();
  return Item?.expiresAt as number | undefined;
}

/** What clients can see of a catalog: its items and the listings and searches over it. */
function visibleParts(catalog: Catalog) {
  const ids = (list: { slice(): ShopProduct[] }) => list.slice().map((p) => p.productId);
  const listing = (sort: 'name' | 'price', locale: string, currency: string) =>
    ids(listProducts(catalog, { sort, direction: 'asc', locale, currency, includeInvisible: true }));
  const search = searchProducts(catalog, {
    query: '',
    sortBy: 'PRICE_DESC',
    filters: [],
    locale: 'de_DE',
    currency: 'GBP',
  });
  return {
    version: catalog.version,
    settings: catalog.settings,
    categories: [...catalog.categories.values()],
    attributeDefinitions: [...catalog.attributeDefinitions.values()],
    taxClasses: [...catalog.taxClasses.values()],
    legal: catalog.legal,
    products: [...catalog.products.values()],
    byName: listing('name', 'en_GB', 'EUR'),
    byPrice: listing('price', 'en_GB', 'GBP'),
    // By the catalog's stock columns (no live stock in this process): the snapshot's head holds them.
    outOrLow: ids(
      listProducts(catalog, {
        sort: 'name',
        direction: 'asc',
        locale: 'en_GB',
        currency: 'EUR',
        includeInvisible: true,
        availability: ['OutStock', 'WarnStock'],
      }),
    ),
    search: ids(search.products),
    facets: search.facets.text,
  };
}

/** Changes the name and price of a product through the data layer, as PATCH handlers do. */
async function renameProduct(shopId: string, productId: string, suffix: string) {
  await updateProduct(shopId, productId, (_, product) => ({
    ...product,
    name: { ...product.name, en_GB: `Aardvark ${suffix}` },
    prices: {
      ...product.prices,
      GBP: { ...(product.prices.GBP ?? product.prices.EUR), price: '0.5' },
    } as ShopProduct['prices'],
  }));
}

/**
 * Counts what this process reads from DynamoDB, and refuses any read of a whole catalog partition.
 * Removed when the test ends at the latest: a test that failed before its own remove() left its meter
 * on the shared client, and every later test of the file failed on the duplicate middleware.
 */
function readsOf(shopId: string) {
  const meter = meterDynamo(dynamo());
  const wholePartition: string[] = [];
  const name = `catalogPartitionGuard-${shopId}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { ExpressionAttributeValues?: Record<string, unknown> };
      const pk = input.ExpressionAttributeValues?.[':pk'];
      if (
        context.commandName === 'ScanCommand' ||
        (context.commandName === 'QueryCommand' && pk === keys.catalogPartition(shopId))
      )
        wholePartition.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name },
  );
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    meter.remove();
    dynamo().middlewareStack.remove(name);
  };
  onTestFinished(remove);
  return { take: () => ({ ...meter.take(), wholePartition: [...wholePartition] }), remove };
}

// Each test imports a shop of up to a thousand products and reads its partition the old way to
// compare: a few seconds on a quiet host, over the default 20 s beside the rehearsal and a busy process.
// A thousand is enough to tell "whatever the catalog's size": its partition is about 60 read units.
describe('catalog snapshot and change log', { timeout: 60_000 }, () => {
  let file: ShopFile;
  beforeAll(() => {
    file = generateShopFile({ products: 1000, seed: 5 });
  });

  it('a cold load (snapshot + log) equals the catalog read from the whole partition', async () => {
    // Prepare: an imported shop, then writes after its snapshot (a product, a category)
    const shopId = newShop('scale-cold');
    await importShop(shopId, file);
    await renameProduct(shopId, 'p000010', 'one');
    await renameProduct(shopId, 'p000011', 'two');
    await updateCatalog(shopId, (catalog) => {
      const category = [...catalog.categories.values()][3] as ShopFile['categories'][number];
      return {
        puts: [{ kind: 'category', id: category.categoryId, data: { ...category, visible: false } }],
        result: 0,
      };
    });

    // Act
    forgetCatalogs();
    const meter = readsOf(shopId);
    const cold = await loadCatalog(shopId);
    const reads = meter.take();
    meter.remove();
    const version = (await readCatalogHead(shopId))?.version as number;
    const old = await catalogTheOldWay(shopId, version);

    // Assess
    expect(cold?.version).toBe(version);
    expect(visibleParts(cold as Catalog)).toEqual(visibleParts(old.catalog));
    expect(cold?.products.get('p000010')?.name.en_GB).toBe('Aardvark one');
    expect(visibleParts(cold as Catalog).outOrLow.length).toBeGreaterThan(0);
    expect(reads.wholePartition).toEqual([]);
    // The guard itself: it does see a read of the whole partition.
    const guard = readsOf(shopId);
    await readCatalogPartition(shopId);
    const guarded = guard.take().wholePartition;
    guard.remove();
    // One Query a page of 1 MB: how many depends on the items' size.
    expect(guarded.length).toBeGreaterThan(0);
    expect(new Set(guarded)).toEqual(new Set(['QueryCommand']));
  });

  it('a warm instance catches up on a write reading only the changed product', async () => {
    // Prepare: this process holds the catalog; the API server (another instance) changes a product
    const shopId = newShop('scale-warm');
    await importShop(shopId, file);
    const before = await loadCatalog(shopId);
    const written = await call(`/${shopId}/products/p000020/custom-attributes`, {
      method: 'PATCH',
      contentType: 'application/json-patch+json',
      body: [{ op: 'add', path: '/', value: { key: 'Engraving', displayValue: 'warm' } }],
    });
    expect(written.status).toBe(200);

    // Act
    const meter = readsOf(shopId);
    const after = await loadCatalog(shopId);
    const reads = meter.take();
    meter.remove();

    // Assess: one version read and one log Query of one small entry, whatever the catalog's size
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(after?.products.get('p000020')?.attributes.Engraving).toBe('warm');
    expect(reads.commands).toEqual(['GetItemCommand', 'QueryCommand']);
    expect(reads.readUnits).toBeLessThanOrEqual(2);
    expect(reads.wholePartition).toEqual([]);
    expect(visibleParts(after as Catalog)).toEqual(
      visibleParts((await catalogTheOldWay(shopId, after?.version as number)).catalog),
    );
  });

  it(`compacts after ${COMPACT_AFTER_VERSIONS} versions: new snapshot, old chunks expiring, old log entries pruned off the request path`, async () => {
    // Prepare
    const shopId = newShop('scale-compact');
    await importShop(shopId, { ...file, products: file.products.slice(0, 300) });
    const first = (await readCatalogHead(shopId))?.snapshot;
    const base = first?.version ?? 0;
    const versions = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
    const logVersions = async () =>
      (
        await dynamo().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.catalogLogPartition(shopId) },
            ConsistentRead: true,
          }),
        )
      ).Items?.map((i) => i.version);

    // Act: enough writes for two compactions, then a few more; then the every-minute clean-up
    for (let k = 0; k < 2 * COMPACT_AFTER_VERSIONS + 3; k++)
      await renameProduct(shopId, `p00000${(k % 9) + 1}`, `v${k}`);
    const head = await readCatalogHead(shopId);
    const beforePrune = await logVersions();
    const pruned = await pruneCatalogLog(shopId, 60_000);
    const afterPrune = await logVersions();

    // Assess
    expect(head?.snapshot?.version).toBe(base + 2 * COMPACT_AFTER_VERSIONS);
    const oldChunk = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.catalogSnapshotChunk(shopId, first?.id as string, 0),
      }),
    );
    expect(oldChunk.Item?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    // The writes leave the log whole; the clean-up deletes the entries up to the replaced
    // snapshot, and those after it stay for warm instances.
    expect(beforePrune).toEqual(versions(base + 1, base + 2 * COMPACT_AFTER_VERSIONS + 3));
    expect(pruned).toEqual({ deleted: COMPACT_AFTER_VERSIONS, unfinished: false });
    expect(afterPrune).toEqual(
      versions(base + COMPACT_AFTER_VERSIONS + 1, base + 2 * COMPACT_AFTER_VERSIONS + 3),
    );
    forgetCatalogs();
    const cold = await loadCatalog(shopId);
    expect(cold?.version).toBe(head?.version);
    expect(visibleParts(cold as Catalog)).toEqual(
      visibleParts((await catalogTheOldWay(shopId, head?.version as number)).catalog),
    );
  });

  it('keeps a write whose compaction fails, and compacts on a later write (fault)', async () => {
    // Prepare: one write short of a compaction
    const shopId = newShop('scale-compact-fault');
    await importShop(shopId, { ...file, products: file.products.slice(0, 300) });
    const first = (await readCatalogHead(shopId))?.snapshot;
    for (let k = 0; k < COMPACT_AFTER_VERSIONS - 1; k++) await renameProduct(shopId, 'p000001', `v${k}`);

    // Act: the write due to compact cannot store a chunk; then one more write
    const faults = injectFaults({
      commands: ['PutCommand', 'PutItemCommand'],
      times: Number.POSITIVE_INFINITY,
    });
    const due = await renameProduct(shopId, 'p000002', 'due').then(
      () => 'written',
      (error: Error) => error.message,
    );
    clearFaults();
    const afterFault = await readCatalogHead(shopId);
    await renameProduct(shopId, 'p000003', 'later');
    const later = await readCatalogHead(shopId);

    // Assess
    expect(faults.failed()).toBeGreaterThan(0);
    expect(due).toBe('written');
    expect(afterFault?.version).toBe((first?.version ?? 0) + COMPACT_AFTER_VERSIONS);
    expect(afterFault?.snapshot?.id).toBe(first?.id);
    expect(later?.snapshot?.version).toBe((first?.version ?? 0) + COMPACT_AFTER_VERSIONS + 1);
    forgetCatalogs();
    const cold = await loadCatalog(shopId);
    expect(cold?.products.get('p000002')?.name.en_GB).toBe('Aardvark due');
  });

  it("keeps a compaction's snapshot whose publication answer was lost (fault)", async () => {
    // Prepare: one write short of a compaction; the pointer's update reaches DynamoDB, its answer does not
    const shopId = newShop('scale-compact-lost');
    await importShop(shopId, { ...file, products: file.products.slice(0, 300) });
    const first = (await readCatalogHead(shopId))?.snapshot;
    for (let k = 0; k < COMPACT_AFTER_VERSIONS - 1; k++) await renameProduct(shopId, 'p000001', `v${k}`);
    const lost = loseAnswers({ commands: ['UpdateItemCommand'], times: 1, bodyIncludes: 'SET snapshotId' });

    // Act
    await renameProduct(shopId, 'p000002', 'due');
    clearLostAnswers();
    const head = await readCatalogHead(shopId);

    // Assess: published, its chunks not marked for removal, and the one it replaced retired
    expect(lost.lost()).toBe(1);
    expect(head?.snapshot?.version).toBe((first?.version ?? 0) + COMPACT_AFTER_VERSIONS);
    expect(await chunkExpiry(shopId, head?.snapshot?.id as string)).toBeUndefined();
    expect(await chunkExpiry(shopId, first?.id as string)).toBeGreaterThan(Date.now() / 1000);
  });

  it("keeps the import's snapshot whose publication answer was lost, one version up (fault)", async () => {
    // Prepare
    const shopId = newShop('scale-import-lost');
    const small = { ...file, products: file.products.slice(0, 150) };
    await importShop(shopId, small);
    const first = await readCatalogHead(shopId);
    const lost = loseAnswers({
      commands: ['UpdateItemCommand'],
      times: 1,
      bodyIncludes: 'SET catalogVersion',
    });

    // Act
    await importShop(shopId, small);
    clearLostAnswers();
    const second = await readCatalogHead(shopId);

    // Assess
    expect(lost.lost()).toBe(1);
    expect(second?.version).toBe((first?.version ?? 0) + 1);
    expect(second?.snapshot?.version).toBe(second?.version);
    expect(await chunkExpiry(shopId, second?.snapshot?.id as string)).toBeUndefined();
    expect(await chunkExpiry(shopId, first?.snapshot?.id as string)).toBeGreaterThan(Date.now() / 1000);
  });

  it('leaves a due compaction to the one that holds the lease (one at a time per shop)', async () => {
    // Prepare: one write short of a compaction, and another compaction holding the lease
    const shopId = newShop('scale-compact-lease');
    await importShop(shopId, { ...file, products: file.products.slice(0, 300) });
    const first = (await readCatalogHead(shopId))?.snapshot;
    for (let k = 0; k < COMPACT_AFTER_VERSIONS - 1; k++) await renameProduct(shopId, 'p000001', `v${k}`);
    const held = await takeCompactionLease(shopId);

    // Act
    await renameProduct(shopId, 'p000002', 'due');
    const whileHeld = await readCatalogHead(shopId);
    const second = await takeCompactionLease(shopId);
    const afterLease = await takeCompactionLease(shopId, Date.now() + COMPACTION_LEASE_MS + 1);

    // Assess
    expect(held).toBeDefined();
    expect(whileHeld?.version).toBe((first?.version ?? 0) + COMPACT_AFTER_VERSIONS);
    expect(whileHeld?.snapshot?.id).toBe(first?.id);
    expect(second).toBeUndefined();
    expect(afterLease).toBeDefined();
  });

  it('a cold load whose snapshot is replaced and removed while it reads starts over on the new one', async () => {
    // Prepare: the first chunk read of the load replaces the snapshot (an import elsewhere) and
    // deletes the old chunks outright, as TTL would long after
    const shopId = newShop('scale-race');
    const small = { ...file, products: file.products.slice(0, 200) };
    await importShop(shopId, small);
    const old = (await readCatalogHead(shopId))?.snapshot;
    const renamed = { ...small, settings: { ...small.settings, name: 'Renamed while loading' } };
    let raced = false;
    const name = 'replaceSnapshotWhileLoading';
    dynamo().middlewareStack.add(
      (next) => async (args) => {
        const key = (args.input as { Key?: { pk?: string } }).Key;
        if (!raced && old && key?.pk === keys.catalogSnapshotChunk(shopId, old.id, 0).pk) {
          raced = true;
          await importShop(shopId, renamed);
          for (let i = 0; i < old.chunks; i++)
            await dynamo().send(
              new DeleteCommand({
                TableName: tableName(),
                Key: keys.catalogSnapshotChunk(shopId, old.id, i),
              }),
            );
        }
        return next(args);
      },
      { step: 'initialize', name },
    );

    // Act
    forgetCatalogs();
    const catalog = await loadCatalog(shopId);
    dynamo().middlewareStack.remove(name);

    // Assess: never a mix, never a failure: the new snapshot's catalog
    expect(raced).toBe(true);
    expect(catalog?.settings.name).toBe('Renamed while loading');
    expect(catalog?.version).toBe((old?.version ?? 0) + 1);
  });

  it('a replaced snapshot stays readable for loads that began before the switch', async () => {
    // Prepare
    const shopId = newShop('scale-retired');
    const small = { ...file, products: file.products.slice(0, 100) };
    await importShop(shopId, small);
    const old = (await readCatalogHead(shopId))?.snapshot;

    // Act
    await importShop(shopId, { ...small, products: small.products.slice(1) });
    const chunk = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.catalogSnapshotChunk(shopId, old?.id as string, 0),
      }),
    );

    // Assess
    expect(chunk.Item?.data).toBeDefined();
    expect(chunk.Item?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    forgetCatalogs();
    expect((await loadCatalog(shopId))?.products.size).toBe(99);
  });

  it('reads a snapshot of the first layout (its chunks in one partition) and retires it by its keys', async () => {
    // Prepare: a snapshot moved to the first layout's keys, its pointer without `snapshotSpread`
    const shopId = newShop('scale-layout');
    const small = { ...file, products: file.products.slice(0, 100) };
    await importShop(shopId, small);
    const head = (await readCatalogHead(shopId))?.snapshot;
    if (!head) throw new Error('the import wrote no snapshot');
    for (let i = 0; i < head.chunks; i++) {
      const spread = keys.catalogSnapshotChunk(shopId, head.id, i);
      const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: spread }));
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.catalogSnapshotChunk(shopId, head.id, i, false), data: Item?.data },
        }),
      );
      await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: spread }));
    }
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shopMeta(shopId),
        UpdateExpression: 'REMOVE snapshotSpread',
      }),
    );
    forgetCatalogs();

    // Act
    const loaded = await loadCatalog(shopId);
    await importShop(shopId, { ...small, products: small.products.slice(1) });
    const old = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.catalogSnapshotChunk(shopId, head.id, 0, false) }),
    );
    const next = (await readCatalogHead(shopId))?.snapshot;

    // Assess
    expect(head.spread).toBe(true);
    expect(loaded?.products.size).toBe(100);
    expect(old.Item?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(next?.spread).toBe(true);
    const pks = [0, 1, 2].map((i) => keys.catalogSnapshotChunk(shopId, head.id, i).pk);
    expect(new Set(pks).size).toBe(3);
  });

  it('the import publishes a snapshot of its file with the version it bumps to', async () => {
    // Prepare
    const shopId = newShop('scale-import');
    const small = { ...file, products: file.products.slice(0, 150) };

    // Act
    await importShop(shopId, small);
    const first = await readCatalogHead(shopId);
    await importShop(shopId, small);
    const second = await readCatalogHead(shopId);

    // Assess
    expect(first?.snapshot?.version).toBe(first?.version);
    expect(second?.snapshot?.version).toBe((first?.version ?? 0) + 1);
    expect(second?.snapshot?.id).not.toBe(first?.snapshot?.id);
    forgetCatalogs();
    const loaded = await loadCatalog(shopId);
    expect([...(loaded?.products.keys() ?? [])]).toEqual(small.products.map((p) => p.productId));
  });

  it('a shop imported before snapshots existed loads from its partition once and gets a snapshot', async () => {
    // Prepare: a shop whose meta item has no snapshot pointer
    const shopId = newShop('scale-legacy');
    await importShop(shopId, { ...file, products: file.products.slice(0, 120) });
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.shopMeta(shopId),
        UpdateExpression: 'REMOVE snapshotId, snapshotVersion, snapshotChunks',
      }),
    );
    forgetCatalogs();

    // Act
    const legacy = await loadCatalog(shopId);
    const head = await readCatalogHead(shopId);
    await renameProduct(shopId, 'p000003', 'legacy');
    forgetCatalogs();
    const meter = readsOf(shopId);
    const cold = await loadCatalog(shopId);
    const reads = meter.take();
    meter.remove();

    // Assess
    expect(legacy?.products.size).toBe(120);
    expect(head?.snapshot?.version).toBe(head?.version);
    expect(cold?.products.get('p000003')?.name.en_GB).toBe('Aardvark legacy');
    expect(reads.wholePartition).toEqual([]);
  });

  it('a snapshot of a layout this release does not read is rebuilt from the partition, once', async () => {
    // Prepare: the first chunk of the shop's snapshot starts like no layout this release writes
    const shopId = newShop('scale-format');
    await importShop(shopId, { ...file, products: file.products.slice(0, 80) });
    const before = (await readCatalogHead(shopId))?.snapshot;
    const chunk = keys.catalogSnapshotChunk(shopId, before?.id as string, 0);
    await dynamo().send(
      new PutCommand({ TableName: tableName(), Item: { ...chunk, data: Buffer.alloc(64) } }),
    );
    forgetCatalogs();

    // Act
    const migrated = await loadCatalog(shopId);
    const after = (await readCatalogHead(shopId))?.snapshot;
    forgetCatalogs();
    const meter = readsOf(shopId);
    const cold = await loadCatalog(shopId);
    const reads = meter.take();
    meter.remove();

    // Assess
    expect(migrated?.products.size).toBe(80);
    expect(after?.id).not.toBe(before?.id);
    expect(after?.version).toBe(before?.version);
    expect(cold?.products.size).toBe(80);
    expect(reads.wholePartition).toEqual([]);
  });
});

describe('catalog versions in memory', () => {
  it('a product write leaves no earlier catalog version reachable, whatever was built on it', async () => {
    // Prepare: an imported shop whose catalog has its listings, search and suggestions built
    const shopId = newShop('scale-memory');
    const file = generateShopFile({ products: 200, seed: 7 });
    await importShop(shopId, file);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const builtOn = (catalog: Catalog) => {
      visibleParts(catalog);
      suggestProducts(catalog, 'a', 5, 'en_GB');
    };
    const builtOnLatest = async () => {
      const catalog = (await loadCatalog(shopId)) as Catalog;
      builtOn(catalog);
      return new WeakRef(catalog);
    };
    const earliest = await builtOnLatest();

    // Act: writes, each read and built on as a warm instance would
    for (let i = 0; i < 5; i++) {
      await renameProduct(shopId, 'p000010', `v${i}`);
      await builtOnLatest();
    }
    await new Promise((resolve) => setImmediate(resolve));
    gc();

    // Assess
    expect(earliest.deref()).toBeUndefined();
  });
});
