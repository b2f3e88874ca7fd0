import { readFileSync } from 'node:fs';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { shardChangeOf } from '../../lib/data/inventory/stock-stream';
import { type StockMove, stockEventsOf } from '../../lib/domain/inventory/stock-events';

const move = (oldUnits: number, newUnits: number, minUnits: number | null = 5000): StockMove => ({
  shopId: 'demo',
  productId: 'gas-stove',
  productNumber: 'GS-1',
  minUnits,
  oldUnits,
  newUnits,
  cause: { reason: 'patch', orderId: null },
  time: '2026-11-21T08:00:00.000Z',
});
const types = (m: StockMove, watchers?: number) => stockEventsOf(m, watchers).map((e) => e.type);

describe('stockEventsOf (docs/inventory.md "Events")', () => {
  it('raises nothing when the level did not move', () => {
    expect(stockEventsOf(move(3000, 3000))).toEqual([]);
  });

  it('raises ProductStockLow only when crossing the minimum from above and staying above 0', () => {
    expect(types(move(6000, 5000))).toEqual(['ProductStockChanged', 'ProductStockLow']);
    expect(types(move(5000, 4000))).toEqual(['ProductStockChanged']);
    expect(types(move(6000, 5500))).toEqual(['ProductStockChanged']);
    expect(types(move(6000, 1000, null))).toEqual(['ProductStockChanged']);
  });

  it('raises ProductSoldOut from > 0 to ≤ 0, not ProductStockLow', () => {
    expect(types(move(6000, 0))).toEqual(['ProductStockChanged', 'ProductSoldOut']);
    expect(types(move(0, -2000))).toEqual(['ProductStockChanged']);
  });

  it('raises ProductBackInStock from ≤ 0 to > 0 with the watcher count, levels as decimals', () => {
    const events = stockEventsOf(move(-500, 2750), 3);
    expect(events[0]?.detail).toMatchObject({
      oldStocklevel: -0.5,
      stocklevel: 2.75,
      reason: 'patch',
      orderId: null,
    });
    expect(events[1]).toEqual({
      type: 'ProductBackInStock',
      time: '2026-11-21T08:00:00.000Z',
      detail: {
        shopId: 'demo',
        productId: 'gas-stove',
        stocklevel: 2.75,
        watchers: 3,
        clearedOn: '2026-11-21T08:00:00.000Z',
      },
    });
  });
});

describe('shardChangeOf (the stock sample stream)', () => {
  const sample = JSON.parse(
    readFileSync(new URL('../../events/streams/stock-changed.json', import.meta.url), 'utf8'),
  ) as DynamoDBStreamEvent;

  it('counts held units as stock: a take moves nothing, its settle moves the level, with the order', () => {
    const [take, settle] = sample.Records.map((r) => shardChangeOf(r as DynamoDBRecord));
    expect(take).toMatchObject({
      shopId: 'demo',
      productId: 'titanium-mug',
      shard: 0,
      oldUnits: 3000,
      newUnits: 3000,
    });
    expect(settle).toMatchObject({
      oldUnits: 3000,
      newUnits: 2000,
      cause: { reason: 'order', orderId: '01KAKQ9M3P7R2T6V1X5Z8B4D0F' },
      time: '2026-11-21T08:05:00.000Z',
    });
  });

  it('ignores records of other items and deletes of shards', () => {
    const cart = JSON.parse(
      readFileSync(new URL('../../events/streams/cart-created.json', import.meta.url), 'utf8'),
    );
    const record = sample.Records[1] as DynamoDBRecord;
    expect(shardChangeOf(cart.Records[0])).toBeUndefined();
    expect(shardChangeOf({ ...record, eventName: 'REMOVE' })).toBeUndefined();
  });
});
