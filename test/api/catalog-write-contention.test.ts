import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTENTION_BUDGET_MS } from '../../lib/data/catalog/catalog-write-queue';
import { dynamo, tableName } from '../../lib/data/client';
import { keys } from '../../lib/data/keys';
import { speedTrickOn } from '../../lib/speed/switches';
import { call } from '../support/api';
import { waitForBusEvents } from '../support/bus-events';
import { clearFaults, countAnswered, holdCalls, injectFaults, whenAnswered } from '../support/faults';
import { ownServer } from '../support/own-server';
import { privateDemoShop } from '../support/shops';

/**
 * Concurrent catalog writes (docs/catalog.md "Concurrent product writes"): writers of different
 * products never conflict (every answer 201/200/204, never 409 for the server's own contention),
 * two writers of one product resolve as the API says (both fields kept without If-Match, one 200
 * and one 412 with it), and every write raises its event exactly once. On a private copy of the
 * demo shop, through the run's twin (one process, as one busy Lambda instance would be).
 */

const WRITERS = 32;
const DEMO_PRODUCTS = ['espresso-beans', 'merino-beanie', 'trail-tshirt'];

const create = (shop: string, body: unknown) => call(`/${shop}/products`, { method: 'POST', body });
const patch = (shop: string, productId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`/${shop}/products/${productId}`, { method: 'PATCH', body, headers });
const read = (shop: string, productId: string) =>
  call(`/${shop}/products/${productId}?includeInvisible=true`);

/** The list positions stored with the products' catalog items. */
async function storedPositions(shop: string, productIds: readonly string[]): Promise<number[]> {
  const items = await Promise.all(
    productIds.map((id) =>
      dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.catalogItem(shop, 'product', id) })),
    ),
  );
  return items.map(({ Item }) => Item?.position as number);
}

describe('concurrent product writes of different products', () => {
  let shop: string;
  let created: string[] = [];
  beforeAll(async () => {
    shop = await privateDemoShop('contention');
  });

  it(`${WRITERS} concurrent POSTs of distinct products are all 201, each created and announced once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        create(shop, { productNumber: `RUSH-${i}`, name: `Rush ${i}`, price: 5 + i, visible: true }),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(WRITERS).fill(201));
    created = answers.map((a) => a.body.productId as string);
    expect(new Set(created).size).toBe(WRITERS);
    const listed = await call(`/${shop}/products?q=RUSH&resultsPerPage=100`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((p: { productNumber: string }) => p.productNumber).sort()).toEqual(
      Array.from({ length: WRITERS }, (_, i) => `RUSH-${i}`).sort(),
    );
    // Each new product comes after every other, at a position of its own (a version of several
    // creates numbers them in turn), as a cold instance reading the stored items would order them.
    const positions = await storedPositions(shop, created);
    expect(new Set(positions).size).toBe(WRITERS);
    expect(Math.min(...positions)).toBeGreaterThan(Math.max(...(await storedPositions(shop, DEMO_PRODUCTS))));
    const events = await waitForBusEvents(
      (e) => e.detailType === 'ProductCreated' && created.includes(e.detail.productId as string),
      10_000,
      WRITERS,
    );
    expect(new Set(events.map((e) => e.detail.productId)).size).toBe(WRITERS);
  });

  it(`${WRITERS} concurrent PATCHes of distinct products are all 200, each stored and announced once`, async () => {
    const answers = await Promise.all(
      created.map((id, i) => patch(shop, id, [{ op: 'add', path: '/name', value: `Renamed ${i}` }])),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(WRITERS).fill(200));
    expect(answers.map((a) => a.body.name)).toEqual(created.map((_, i) => `Renamed ${i}`));
    expect(answers.every((a) => a.headers.get('etag'))).toBe(true);
    const reads = await Promise.all(created.map((id) => read(shop, id)));
    expect(reads.map((r) => r.body.name)).toEqual(created.map((_, i) => `Renamed ${i}`));
    const events = await waitForBusEvents(
      (e) => e.detailType === 'ProductUpdated' && created.includes(e.detail.productId as string),
      10_000,
      WRITERS,
    );
    expect(new Set(events.map((e) => e.detail.productId)).size).toBe(WRITERS);
  });

  it('creates, patches and deletes of different products at once all succeed', async () => {
    const [toDelete, toPatch] = [created.slice(0, 8), created.slice(8, 16)];

    const answers = await Promise.all([
      ...toDelete.map((id) => call(`/${shop}/products/${id}`, { method: 'DELETE' })),
      ...toPatch.map((id) => patch(shop, id, [{ op: 'add', path: '/priceInfo/price/amount', value: 1.25 }])),
      ...Array.from({ length: 8 }, (_, i) =>
        create(shop, { productNumber: `MIXED-${i}`, name: `Mixed ${i}` }),
      ),
    ]);

    expect(answers.map((a) => a.status)).toEqual([
      ...Array(8).fill(204),
      ...Array(8).fill(200),
      ...Array(8).fill(201),
    ]);
    for (const id of toDelete) expect((await read(shop, id)).status).toBe(404);
    for (const id of toPatch) expect((await read(shop, id)).body.priceInfo.price.amount).toBe(1.25);
  });
});

describe('concurrent writers of one product', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('contention-one');
  });

  it('two PATCHes of different fields without If-Match: both 200, both fields kept', async () => {
    const id = (await create(shop, { productNumber: 'BOTH-1', name: 'Both', price: 3 })).body.productId;

    const [name, price] = await Promise.all([
      patch(shop, id, [{ op: 'add', path: '/name', value: 'Both renamed' }]),
      patch(shop, id, [{ op: 'add', path: '/priceInfo/price/amount', value: 4.5 }]),
    ]);

    expect([name.status, price.status]).toEqual([200, 200]);
    const stored = await read(shop, id);
    expect(stored.body.name).toBe('Both renamed');
    expect(stored.body.priceInfo.price.amount).toBe(4.5);
  });

  it('two PATCHes with one If-Match among writers of other products: one 200, one 412', async () => {
    const [id, ...others] = (
      await Promise.all(
        Array.from({ length: 15 }, (_, i) => create(shop, { productNumber: `TAG-${i}`, name: `Tag ${i}` })),
      )
    ).map((a) => a.body.productId as string);
    const etag = (await read(shop, id as string)).headers.get('etag') as string;

    const [first, second, ...rest] = await Promise.all([
      patch(shop, id as string, [{ op: 'add', path: '/name', value: 'First' }], { 'If-Match': etag }),
      patch(shop, id as string, [{ op: 'add', path: '/name', value: 'Second' }], { 'If-Match': etag }),
      ...others.map((other) => patch(shop, other, [{ op: 'add', path: '/name', value: 'Other' }])),
    ]);

    expect([first?.status, second?.status].sort()).toEqual([200, 412]);
    expect(rest.map((a) => a.status)).toEqual(Array(others.length).fill(200));
    const winner = [first, second].find((a) => a?.status === 200);
    expect((await read(shop, id as string)).body.name).toBe(winner?.body.name);
  });
});

describe('a catalog other instances keep winning (fault)', () => {
  // A server in this process, so that only its requests meet the injected faults.
  const callOwn = ownServer();
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('contention-busy');
  });
  afterEach(() => clearFaults());

  /** Every catalog transaction of this process fails its condition, as when another instance wrote first. */
  const lostRaces = (times: number) =>
    injectFaults({
      commands: ['TransactWriteItemsCommand'],
      times,
      error: () =>
        new TransactionCanceledException({
          message: 'Transaction cancelled, please refer cancellation reasons for specific reasons',
          $metadata: {},
          CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
        }),
    });
  const rename = (name: string) =>
    callOwn(`/${shop}/products/espresso-beans`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/name', value: name }],
    });

  it('a few lost races are retried: 200, never 409', async () => {
    const faults = lostRaces(3);

    const renamed = await rename('Retried beans');

    expect(faults.failed()).toBe(3);
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Retried beans');
  });

  it('races lost for the whole budget: 503 with Retry-After, nothing written', async () => {
    lostRaces(Number.POSITIVE_INFINITY);
    const started = Date.now();

    const busy = await rename('Never stored');
    const tookMs = Date.now() - started;
    clearFaults();

    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.body).toMatchObject({ status: '503' });
    expect(tookMs).toBeGreaterThanOrEqual(CONTENTION_BUDGET_MS);
    expect(tookMs).toBeLessThan(CONTENTION_BUDGET_MS + 2000);
    expect((await callOwn(`/${shop}/products/espresso-beans`)).body.name).toBe('Retried beans');
  });
});

describe('stock reads of concurrent PATCHes (speed trick stock-read-batches)', () => {
  // A server in this process, so that its DynamoDB calls can be held and counted.
  const callOwn = ownServer();
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('contention-stock');
  });
  afterEach(() => clearFaults());

  const PATCHERS = 8;
  const isStockRead = (command: string, input: unknown) =>
    command === 'BatchGetItemCommand' && JSON.stringify(input).includes('#STOCK#');

  it('8 PATCHes of tracked products that wait for one stock read share the next: each answers its own level and ETag', async () => {
    const created = await Promise.all(
      Array.from({ length: PATCHERS }, (_, i) =>
        callOwn(`/${shop}/products`, {
          method: 'POST',
          body: { productNumber: `STOCKED-${i}`, name: `Stocked ${i}`, stocklevel: 10 + i },
        }),
      ),
    );
    expect(created.map((c) => c.status)).toEqual(Array(PATCHERS).fill(201));
    const ids = created.map((c) => c.body.productId as string);
    const rename = (id: string, i: number) =>
      callOwn(`/${shop}/products/${id}`, {
        method: 'PATCH',
        body: [{ op: 'add', path: '/name', value: `Restocked ${i}` }],
      });

    // The first PATCH's stock read is held while the others arrive and ask for theirs.
    const held = holdCalls(isStockRead);
    const reads = countAnswered(isStockRead);
    const first = rename(ids[0] as string, 0);
    await held.reached;
    const rest = ids.slice(1).map((id, i) => rename(id, i + 1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    held.release();
    const answers = [await first, ...(await Promise.all(rest))];
    reads.stop();

    expect(answers.map((a) => a.status)).toEqual(Array(PATCHERS).fill(200));
    expect(answers.map((a) => [a.body.name, a.body.stocklevel])).toEqual(
      ids.map((_, i) => [`Restocked ${i}`, 10 + i]),
    );
    const stored = await Promise.all(
      ids.map((id) => callOwn(`/${shop}/products/${id}?includeInvisible=true`)),
    );
    expect(answers.map((a) => a.headers.get('etag'))).toEqual(stored.map((s) => s.headers.get('etag')));
    // The held read, then the waiting ones together (a very slow host may split them once more);
    // with the trick off every PATCH reads alone.
    if (speedTrickOn('stock-read-batches')) expect(reads.count()).toBeLessThanOrEqual(3);
    else expect(reads.count()).toBe(PATCHERS);
  });

  it('without If-Match the catalog write does not wait for the stock read: 200 with the level and ETag a GET gives', async () => {
    const created = await callOwn(`/${shop}/products`, {
      method: 'POST',
      body: { productNumber: 'BESIDE-1', name: 'Beside', stocklevel: 7 },
    });
    const id = created.body.productId as string;
    const held = holdCalls(isStockRead);
    const written = whenAnswered(
      (command, input) => command === 'TransactWriteItemsCommand' && JSON.stringify(input).includes(id),
      1,
    );

    const renamed = callOwn(`/${shop}/products/${id}`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/name', value: 'Beside renamed' }],
    });
    await held.reached;
    const before = await Promise.race([
      written.then(() => 'written'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
    ]);
    held.release();
    const answer = await renamed;

    expect(before).toBe('written');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Beside renamed', stocklevel: 7 });
    const stored = await callOwn(`/${shop}/products/${id}?includeInvisible=true`);
    expect(answer.headers.get('etag')).toBe(stored.headers.get('etag'));
  });
});
