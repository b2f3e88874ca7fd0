import { readFileSync } from 'node:fs';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { EventBusClient, PutEventsInput } from '../../functions/events/event-bus-client';
import { createPublisher } from '../../functions/events/publish-domain-events';
import { ORDER_STATUS_EVENTS, orderEventsOf } from '../../lib/domain/orders/order-events';

/** The order events (docs/orders.md "Events"), from the stream sample events/streams/order-updated.json. */

const sample = (name: string): DynamoDBStreamEvent =>
  JSON.parse(readFileSync(new URL(`../../events/streams/${name}.json`, import.meta.url), 'utf8'));
const record = (index: number) => sample('order-updated').Records[index] as DynamoDBRecord;
const order = { shopId: 'demo', orderId: '01KAKQ9M3P7R2T6V1X5Z8B4D0F', orderNumber: '10001' };

describe('orderEventsOf', () => {
  it('a PATCH setting paidOn and a note: OrderUpdated with the paths, and OrderPaid with the time', () => {
    // Act
    const events = orderEventsOf(record(0));

    // Assess
    expect(events).toEqual([
      {
        type: 'OrderUpdated',
        time: '2026-11-21T10:00:00.000Z',
        detail: { ...order, changedFields: ['/paidOn', '/internalNote'], version: 1 },
      },
      {
        type: 'OrderPaid',
        time: '2026-11-21T10:00:00.000Z',
        detail: { ...order, paidOn: '2026-11-21T10:00:00.000Z' },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/Bank transfer|anna@example\.com/);
  });

  it('raises nothing for a write that is no PATCH: the list fold, a document moving the version', () => {
    expect(orderEventsOf(record(1))).toEqual([]);
    expect(orderEventsOf(record(3))).toEqual([]);
  });

  it('a rejection: OrderUpdated and OrderRejected', () => {
    expect(orderEventsOf(record(2)).map((e) => e.type)).toEqual(['OrderUpdated', 'OrderRejected']);
  });

  it('each status event once, when its timestamp goes from null to set (not when it moves)', () => {
    // Prepare: every status timestamp set in one write, then paidOn moved
    const first = structuredClone(record(0));
    const timestamps = first.dynamodb?.NewImage?.data?.M?.timestamps?.M ?? {};
    for (const name of Object.keys(ORDER_STATUS_EVENTS)) timestamps[name] = { S: '2026-11-21T10:00:00.000Z' };
    const moved = structuredClone(first);
    if (moved.dynamodb) {
      moved.dynamodb.OldImage = first.dynamodb?.NewImage;
      const movedTimestamps = moved.dynamodb.NewImage?.data?.M?.timestamps?.M ?? {};
      movedTimestamps.paidOn = { S: '2026-11-22T10:00:00.000Z' };
    }

    // Act
    const types = orderEventsOf(first).map((e) => e.type);
    const afterMove = orderEventsOf(moved);

    // Assess
    expect(types).toEqual(['OrderUpdated', ...Object.values(ORDER_STATUS_EVENTS)]);
    expect(afterMove).toEqual([]);
  });

  it('ignores INSERTs (order.created covers them) and other kinds', () => {
    const insert = sample('order-placed').Records[2] as DynamoDBRecord;
    const cart = sample('cart-created').Records[1] as DynamoDBRecord;

    expect(orderEventsOf(insert)).toEqual([]);
    expect(orderEventsOf(cart)).toEqual([]);
  });
});

describe('publish-domain-events with order changes', () => {
  it('publishes the sample: OrderUpdated, OrderPaid, OrderUpdated, OrderRejected in stream order', async () => {
    // Prepare
    const calls: PutEventsInput[] = [];
    const client: EventBusClient = {
      send: async (input) => {
        calls.push(input);
        return { FailedEntryCount: 0, Entries: input.Entries.map(() => ({ EventId: 'x' })) } as Awaited<
          ReturnType<EventBusClient['send']>
        >;
      },
    };
    const publish = createPublisher({ client, busName: 'shop-bus', source: 'shop-api.demo' });

    // Act
    const result = await publish(sample('order-updated'));

    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    const entries = calls.flatMap((c) => c.Entries);
    expect(entries.map((e) => e.DetailType)).toEqual([
      'OrderUpdated',
      'OrderPaid',
      'OrderUpdated',
      'OrderRejected',
    ]);
    expect(JSON.parse(entries[3]?.Detail ?? '{}')).toEqual({
      ...order,
      rejectedOn: '2026-11-21T11:00:00.000Z',
    });
    expect(entries[0]?.Time).toEqual(new Date('2026-11-21T10:00:00.000Z'));
  });
});
