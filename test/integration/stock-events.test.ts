import { readFileSync } from 'node:fs';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PutEventsInput } from '../../functions/events/event-bus-client';
import { createPublisher } from '../../functions/events/publish-domain-events';
import { dynamo, tableName } from '../../lib/data/client';
import {
  endShardHold,
  stockCauseUpdate,
  stockShardItems,
  takeFromShard,
} from '../../lib/data/inventory/stock-shards';
import { addWatcher, countWatchers, watchedProducts } from '../../lib/data/inventory/watchers';
import { keys } from '../../lib/data/keys';
import { useOwnTable } from '../support/local-env';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * The stock events (docs/inventory.md "Events"), records in → events out: real shard writes on DynamoDB
 * Local, each captured as the stream record it makes (old and new image), fed to the stream consumer with
 * a stub bus. The test plays the stream's part, with records it can reorder and repeat, on a table
 * of its own: the twin's consumer, reading the run's table, would fold the same shards first.
 */

let sequence = 1_000;

/** Performs `write` on a shard and returns the stream record it makes (NEW_AND_OLD_IMAGES). */
async function recorded(shopId: string, productId: string, shard: number, write: () => Promise<unknown>) {
  const key = keys.stockShard(shopId, productId, shard);
  const read = async () =>
    (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
  const before = await read();
  await write();
  const after = await read();
  sequence += 1;
  return {
    eventName: before ? 'MODIFY' : 'INSERT',
    dynamodb: {
      Keys: marshall(key),
      SequenceNumber: String(sequence),
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
      ...(before ? { OldImage: marshall(before) } : {}),
      NewImage: marshall(after ?? {}),
    },
  } as DynamoDBRecord;
}

/** A checkout's stock part: take `units` thousandths, then settle for `orderId` (or give back). */
async function checkout(
  shopId: string,
  productId: string,
  shard: number,
  units: number,
  orderId: string | null,
) {
  const holdId = `hold-${sequence}`;
  return [
    await recorded(shopId, productId, shard, () => takeFromShard(shopId, productId, shard, units, holdId)),
    await recorded(shopId, productId, shard, () =>
      endShardHold(shopId, productId, shard, holdId, orderId === null, orderId),
    ),
  ];
}

/** A merchant's relative change of one shard (what a PATCH of /stocklevel writes). */
async function patch(shopId: string, productId: string, units: number) {
  const cause = stockCauseUpdate({ reason: 'patch', orderId: null });
  return recorded(shopId, productId, 0, () =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.stockShard(shopId, productId, 0),
        UpdateExpression: `SET available = available + :units, ${cause.set}`,
        ExpressionAttributeNames: cause.names,
        ExpressionAttributeValues: { ...cause.values, ':units': units },
      }),
    ),
  );
}

/** Runs the consumer on records with a bus that keeps what it is given. */
async function publish(records: DynamoDBRecord[]) {
  const calls: PutEventsInput[] = [];
  const handler = createPublisher({
    busName: 'bus',
    source: 'shop-api.test',
    client: {
      send: async (input) => {
        calls.push(input);
        return { FailedEntryCount: 0 };
      },
    },
  });
  const result = await handler({ Records: records });
  expect(result).toEqual({ batchItemFailures: [] });
  return calls.flatMap((c) => c.Entries).map((e) => ({ type: e.DetailType, ...JSON.parse(e.Detail) }));
}

describe('stock events from shard writes', () => {
  let shop: string;
  beforeAll(async () => {
    await useOwnTable('shop-api-stock-events');
    shop = await privateDemoShop(
      'stockev',
      withStock({
        'gas-stove': { stock: 7, min: 5, shards: 1 },
        'dome-tent-2p': { stock: 3, min: 1, shards: 3 },
      }),
    );
  });

  it('raises each crossing once: low, stays low (nothing more), sold out; a give-back raises nothing', async () => {
    // Prepare
    const orders = [
      ...(await checkout(shop, 'gas-stove', 0, 2000, 'order-1')),
      ...(await checkout(shop, 'gas-stove', 0, 1000, 'order-2')),
      ...(await checkout(shop, 'gas-stove', 0, 1000, null)),
      ...(await checkout(shop, 'gas-stove', 0, 4000, 'order-3')),
    ];

    // Act
    const events = await publish(orders);

    // Assess
    const productNumber = events[0]?.productNumber;
    expect(productNumber).toEqual(expect.any(String));
    const changed = (old: number, level: number, orderId: string) => ({
      type: 'ProductStockChanged',
      shopId: shop,
      productId: 'gas-stove',
      productNumber,
      oldStocklevel: old,
      stocklevel: level,
      reason: 'order',
      orderId,
    });
    expect(events).toEqual([
      changed(7, 5, 'order-1'),
      { type: 'ProductStockLow', shopId: shop, productId: 'gas-stove', stocklevel: 5, minStocklevel: 5 },
      changed(5, 4, 'order-2'),
      changed(4, 0, 'order-3'),
      { type: 'ProductSoldOut', shopId: shop, productId: 'gas-stove', stocklevel: 0 },
    ]);
  });

  it('announces the watchers when the product is back, then clears them; a retried batch says the same', async () => {
    // Prepare: the stove is sold out (previous test); two addresses wait for it
    const createdOn = new Date().toISOString();
    await addWatcher(shop, { productId: 'gas-stove', emailAddress: 'a@example.com', createdOn });
    await addWatcher(shop, { productId: 'gas-stove', emailAddress: 'b@example.com', createdOn });
    const restock = [await patch(shop, 'gas-stove', 2500)];

    // Act
    const events = await publish(restock);
    const retried = await publish(restock);

    // Assess
    expect(events).toEqual([
      expect.objectContaining({
        type: 'ProductStockChanged',
        oldStocklevel: 0,
        stocklevel: 2.5,
        reason: 'patch',
      }),
      {
        type: 'ProductBackInStock',
        shopId: shop,
        productId: 'gas-stove',
        stocklevel: 2.5,
        watchers: 2,
        clearedOn: expect.any(String),
      },
    ]);
    expect(retried).toEqual(events);
    expect(await countWatchers(shop, 'gas-stove')).toBe(0);
    expect((await watchedProducts(shop, 1, 10)).items).toEqual([]);
  });

  it('sums a product over its shards: the last units on three shards sell out once, whatever the order', async () => {
    // Prepare: the import's records (3 as 1 + 1 + 1) tell the consumer each shard's level; then
    // the three units are bought on three shards, and the consumer sees the shards in another order
    const imported = await Promise.all(
      stockShardItems(shop, 'dome-tent-2p', 3000, 3).map((item, shard) =>
        recorded(shop, 'dome-tent-2p', shard, () =>
          dynamo().send(new PutCommand({ TableName: tableName(), Item: item })),
        ),
      ),
    );
    expect(await publish(imported)).toEqual([]);
    const [take0, settle0] = await checkout(shop, 'dome-tent-2p', 0, 1000, 'order-a');
    const [take1, settle1] = await checkout(shop, 'dome-tent-2p', 1, 1000, 'order-b');
    const [take2, settle2] = await checkout(shop, 'dome-tent-2p', 2, 1000, 'order-c');

    // Act: one batch per shard, as separate stream shards would deliver them
    const events = [
      ...(await publish([take2 as DynamoDBRecord, settle2 as DynamoDBRecord])),
      ...(await publish([take0 as DynamoDBRecord, settle0 as DynamoDBRecord])),
      ...(await publish([take1 as DynamoDBRecord, settle1 as DynamoDBRecord])),
    ];

    // Assess
    expect(events.map((e) => [e.type, e.oldStocklevel, e.stocklevel])).toEqual([
      ['ProductStockChanged', 3, 2],
      ['ProductStockChanged', 2, 1],
      ['ProductStockLow', undefined, 1],
      ['ProductStockChanged', 1, 0],
      ['ProductSoldOut', undefined, 0],
    ]);
    expect(events.filter((e) => e.type === 'ProductStockChanged').map((e) => e.orderId)).toEqual([
      'order-c',
      'order-a',
      'order-b',
    ]);
  });

  it('publishes the sample stream event (a checkout settling its take) as ProductStockChanged', async () => {
    // Prepare: the sample's shard, moved into this test's shop with the stock it shows before
    const sample = JSON.parse(
      readFileSync(new URL('../../events/streams/stock-changed.json', import.meta.url), 'utf8'),
    ) as DynamoDBStreamEvent;
    const text = JSON.stringify(sample).replaceAll('SHOP#demo#', `SHOP#${shop}#`);
    const records = (JSON.parse(text) as DynamoDBStreamEvent).Records;

    // Act
    const events = await publish(records);

    // Assess
    expect(events).toEqual([
      expect.objectContaining({
        type: 'ProductStockChanged',
        productId: 'titanium-mug',
        oldStocklevel: 3,
        stocklevel: 2,
        reason: 'order',
        orderId: '01KAKQ9M3P7R2T6V1X5Z8B4D0F',
      }),
    ]);
  });
});
