import { readFileSync } from 'node:fs';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { itemTime, type LagSample, StreamLagRecorder, streamLagRows } from '../../infra/bench/stream-lag';
import { writtenKeys } from '../../infra/bench/write-acks';

const sample = (name: string): DynamoDBStreamEvent =>
  JSON.parse(readFileSync(new URL(`../../events/streams/${name}.json`, import.meta.url), 'utf8'));
const record = (name: string, index: number) => sample(name).Records[index] as DynamoDBRecord;

/** The bench's stream lag (docs/performance.md "The stream's lag"): what "written" and "done" are. */
describe('stream lag: when a change was written', () => {
  it('reads the millisecond time each kind of item carries from the stream samples', () => {
    // Prepare: a new cart, a new order, a changed order, a stock shard, a catalog log entry
    const cases = [
      { record: record('cart-created', 0), time: '2026-11-21T08:00:00.000Z' },
      {
        record: record('order-placed', 2),
        time: record('order-placed', 2).dynamodb?.NewImage?.createdAt?.S,
      },
      {
        record: record('order-updated', 0),
        time: record('order-updated', 0).dynamodb?.NewImage?.data?.M?.updatedAt?.S,
      },
      { record: record('stock-changed', 0), time: '2026-11-21T08:04:59.000Z' },
      {
        record: record('product-events', 0),
        time: record('product-events', 0).dynamodb?.NewImage?.changedAt?.S,
      },
    ];

    // Act / Assess: the changed order is timed by its change, not by its creation
    for (const c of cases) expect(itemTime(c.record)).toBe(Date.parse(c.time as string));
    expect(itemTime(record('order-updated', 0))).not.toBe(
      Date.parse(record('order-updated', 0).dynamodb?.NewImage?.createdAt?.S as string),
    );
    expect(itemTime(record('document-finalized', 0))).toBeUndefined();
  });

  it('names the items of every kind of write, marshalled or not', () => {
    // Act
    const keys = writtenKeys({
      TransactItems: [
        { Put: { Item: { pk: 'A', sk: '1', x: 1 } } },
        { Update: { Key: { pk: { S: 'B' }, sk: { S: '2' } } } },
        { Delete: { Key: { pk: 'C', sk: '3' } } },
        { ConditionCheck: { Key: { pk: 'D', sk: '4' } } },
      ],
    });
    const batch = writtenKeys({
      RequestItems: {
        t: [{ PutRequest: { Item: { pk: 'E', sk: '5' } } }, { DeleteRequest: { Key: { pk: 'F', sk: '6' } } }],
      },
    });

    // Assess: a condition check writes nothing
    expect(keys).toEqual(['A\n1', 'B\n2', 'C\n3']);
    expect(batch).toEqual(['E\n5', 'F\n6']);
    expect(writtenKeys({ Key: { pk: 'G', sk: '7' } })).toEqual(['G\n7']);
  });

  it("times a record by its write's answer when one was seen after the item's own time, else by that time", () => {
    // Prepare: the cart's write answered 40 ms after its own time; no answer for the order
    const cart = record('cart-created', 0);
    const order = record('order-placed', 2);
    const cartAt = itemTime(cart) as number;
    const doneAt = (itemTime(order) as number) + 250;
    const recorder = new StreamLagRecorder();
    recorder.useAcks({
      ackedAfter: (pk, _sk, from) =>
        pk === cart.dynamodb?.Keys?.pk?.S && from === cartAt ? cartAt + 40 : undefined,
      remove: () => {},
    });

    // Act
    recorder.observe('events', [cart, order, record('document-finalized', 0)], doneAt);
    const taken = recorder.take();

    // Assess
    expect(taken.samples.map((s) => s.doneAt - s.writtenAt)).toEqual([doneAt - cartAt - 40, 250]);
    expect(taken.byItemTime).toBe(1);
    expect(taken.untimed).toBe(1);
    expect(recorder.take().samples).toEqual([]);
  });

  it('reports the records that met a pause apart from the others', () => {
    // Prepare: two records clear of the pause [1000, 2000), one written during it, one before it and done in it
    const samples: LagSample[] = [
      { consumer: 'events', writtenAt: 0, doneAt: 100 },
      { consumer: 'sales', writtenAt: 2100, doneAt: 2400 },
      { consumer: 'sales', writtenAt: 1500, doneAt: 2500 },
      { consumer: 'events', writtenAt: 900, doneAt: 2050 },
    ];

    // Act
    const rows = streamLagRows(samples, [{ from: 1000, to: 2000 }]);

    // Assess
    expect(rows).toEqual([
      { consumer: 'events', records: 1, p50: 100, p99: 100, max: 100 },
      { consumer: 'sales', records: 1, p50: 300, p99: 300, max: 300 },
      { consumer: 'all', records: 2, p50: 100, p99: 300, max: 300 },
      { consumer: 'met a pause', records: 2, p50: 1000, p99: 1150, max: 1150 },
    ]);
  });
});
