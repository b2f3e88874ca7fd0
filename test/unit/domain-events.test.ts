import { readFileSync } from 'node:fs';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { EventBusClient, PutEventsInput } from '../../functions/events/event-bus-client';
import { createPublisher, PUT_EVENTS_MAX_ENTRIES } from '../../functions/events/publish-domain-events';
import { DOMAIN_EVENT_TYPES, domainEventOf, toBusEntry } from '../../lib/domain/domain-events';

const sample = (name: string): DynamoDBStreamEvent =>
  JSON.parse(readFileSync(new URL(`../../events/streams/${name}.json`, import.meta.url), 'utf8'));

const record = (event: DynamoDBStreamEvent, index: number) => event.Records[index] as DynamoDBRecord;

/** A stub EventBridge client: records every call, answers from `answer` (default: all accepted). */
function stubBus(answer?: (input: PutEventsInput, call: number) => Promise<unknown>) {
  const calls: PutEventsInput[] = [];
  const client: EventBusClient = {
    send: async (input) => {
      calls.push(input);
      if (answer) return (await answer(input, calls.length)) as Awaited<ReturnType<EventBusClient['send']>>;
      return { FailedEntryCount: 0, Entries: input.Entries.map((_, i) => ({ EventId: `e${i}` })) };
    },
  };
  return { client, calls };
}

const target = { busName: 'shop-bus', source: 'shop-api.demo' };

/** n INSERTs of carts with distinct ids and sequence numbers. */
function cartInserts(n: number): DynamoDBStreamEvent {
  const template = record(sample('cart-created'), 0);
  return {
    Records: Array.from({ length: n }, (_, i) => ({
      ...template,
      dynamodb: {
        ...template.dynamodb,
        SequenceNumber: String(5000 + i),
        NewImage: { ...template.dynamodb?.NewImage, cartId: { S: `cart-${i}` } },
      },
    })),
  };
}

describe('domainEventOf', () => {
  it('maps a customer INSERT to customer.created: the shop from the key, ids and creation time, no address', () => {
    // Prepare
    const insert: DynamoDBRecord = {
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: '7000',
        NewImage: {
          pk: { S: 'SHOP#demo#CUSTOMER#01KC0' },
          sk: { S: 'CUSTOMER' },
          kind: { S: 'customer' },
          data: {
            M: {
              customerId: { S: '01KC0' },
              customerNumber: { S: 'C-1001' },
              creationDate: { S: '2026-11-21T08:00:00.000Z' },
              billingAddress: { M: { emailAddress: { S: 'ann@example.com' } } },
            },
          },
        },
      },
    };

    // Act
    const event = domainEventOf(insert);

    // Assess
    expect(event).toEqual({
      type: 'customer.created',
      detail: {
        shopId: 'demo',
        customerId: '01KC0',
        customerNumber: 'C-1001',
        createdAt: '2026-11-21T08:00:00.000Z',
      },
    });
  });

  it('maps a cart INSERT to cart.created with ids and key fields, never the token hash', () => {
    // Prepare
    const insert = record(sample('cart-created'), 0);

    // Act
    const event = domainEventOf(insert);

    // Assess
    expect(event).toEqual({
      type: 'cart.created',
      detail: {
        shopId: 'demo',
        cartId: '01KAKQ7ZC4V9J3M8T2R6Y5W1XB',
        createdAt: '2026-11-21T08:00:00.000Z',
        currency: 'EUR',
        taxType: 'GROSS',
      },
    });
    expect(JSON.stringify(event)).not.toMatch(/tokenHash|pickupToken|9f2c1a7e/);
  });

  it('ignores updates of a cart and its expiry by TTL', () => {
    // Prepare
    const events = sample('cart-created');

    // Act
    const modify = domainEventOf(record(events, 1));
    const ttlRemove = domainEventOf(record(events, 2));

    // Assess
    expect(modify).toBeUndefined();
    expect(ttlRemove).toBeUndefined();
  });

  it('maps an order INSERT to order.created with the grand total as a decimal string', () => {
    // Prepare
    const insert = record(sample('order-placed'), 2);

    // Act
    const event = domainEventOf(insert);

    // Assess
    expect(event).toEqual({
      type: 'order.created',
      detail: {
        shopId: 'demo',
        orderId: '01KAKQ9M3P7R2T6V1X5Z8B4D0F',
        orderNumber: '10001',
        cartId: '01KAKQ7ZC4V9J3M8T2R6Y5W1XB',
        customerId: 'C-1001',
        createdAt: '2026-11-21T08:05:00.000Z',
        grandTotal: '34.70',
        currency: 'EUR',
      },
    });
    expect(JSON.stringify(event)).not.toMatch(/anna@example\.com|Schmidt/);
  });

  it('takes a top-level decimal grandTotal and a missing customer as given', () => {
    // Prepare
    const insert = record(sample('order-placed'), 2);
    const { customerId: _c, data: _d, ...image } = insert.dynamodb?.NewImage ?? {};
    const changed = {
      ...insert,
      dynamodb: { ...insert.dynamodb, NewImage: { ...image, grandTotal: { S: '26.35' } } },
    };

    // Act
    const event = domainEventOf(changed);

    // Assess
    expect(event?.type).toBe('order.created');
    expect(event?.detail).toMatchObject({ grandTotal: '26.35', customerId: null });
  });

  it('maps a document INSERT to document.finalized', () => {
    // Prepare
    const insert = record(sample('document-finalized'), 1);

    // Act
    const event = domainEventOf(insert);

    // Assess
    expect(event).toEqual({
      type: 'document.finalized',
      detail: {
        shopId: 'demo',
        orderId: '01KAKQ9M3P7R2T6V1X5Z8B4D0F',
        documentId: '01KAKQB2H6K9N3Q7S1U5W8Y2A4',
        documentType: 'Invoice',
        documentNumber: '20001',
        createdAt: '2026-11-21T09:00:00.000Z',
      },
    });
  });

  it('raises nothing for other kinds (counters, catalog items) and for items missing a required field', () => {
    // Prepare
    const counterUpdate = record(sample('order-placed'), 0);
    const counterInsert = { ...counterUpdate, eventName: 'INSERT' as const };
    const insert = record(sample('document-finalized'), 1);
    const { documentNumber: _n, ...image } = insert.dynamodb?.NewImage ?? {};
    const incomplete = { ...insert, dynamodb: { ...insert.dynamodb, NewImage: image } };

    // Act
    const events = [counterUpdate, counterInsert, incomplete].map(domainEventOf);

    // Assess
    expect(events).toEqual([undefined, undefined, undefined]);
  });

  it('turns an event into an EventBridge entry: source, detail-type = event type, time of creation', () => {
    // Prepare
    const event = domainEventOf(record(sample('cart-created'), 0));
    if (!event) throw new Error('no event');

    // Act
    const entry = toBusEntry(event, target);

    // Assess
    expect(entry).toEqual({
      Source: 'shop-api.demo',
      DetailType: 'cart.created',
      Detail: JSON.stringify(event.detail),
      EventBusName: 'shop-bus',
      Time: new Date('2026-11-21T08:00:00.000Z'),
    });
  });

  it('names one event type per item kind', () => {
    expect(Object.values(DOMAIN_EVENT_TYPES)).toEqual([
      'cart.created',
      'order.created',
      'document.finalized',
      'customer.created',
    ]);
  });
});

describe('publish-domain-events handler', () => {
  it('publishes the sample stream events: one event per INSERT of a cart, order or document', async () => {
    // Prepare
    const { client, calls } = stubBus();
    const publish = createPublisher({ client, ...target });
    const batch = {
      Records: ['cart-created', 'order-placed', 'document-finalized'].flatMap((n) => sample(n).Records),
    };

    // Act
    const result = await publish(batch);

    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    expect(calls).toHaveLength(1);
    const entries = calls[0]?.Entries ?? [];
    expect(entries.map((e) => [e.Source, e.DetailType, e.EventBusName])).toEqual([
      ['shop-api.demo', 'cart.created', 'shop-bus'],
      ['shop-api.demo', 'order.created', 'shop-bus'],
      ['shop-api.demo', 'document.finalized', 'shop-bus'],
    ]);
    expect(JSON.parse(entries[1]?.Detail ?? '{}')).toMatchObject({
      orderNumber: '10001',
      grandTotal: '34.70',
    });
    expect(JSON.stringify(entries)).not.toMatch(/tokenHash|pickupToken|anna@example\.com/);
  });

  it('sends nothing when no record raises an event', async () => {
    // Prepare
    const { client, calls } = stubBus();
    const publish = createPublisher({ client, ...target });
    const updatesOnly = { Records: sample('cart-created').Records.slice(1) };

    // Act
    const result = await publish(updatesOnly);

    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    expect(calls).toHaveLength(0);
  });

  it('puts events in batches of at most 10, in stream order', async () => {
    // Prepare
    const { client, calls } = stubBus();
    const publish = createPublisher({ client, ...target });

    // Act
    await publish(cartInserts(23));

    // Assess
    expect(calls.map((c) => c.Entries.length)).toEqual([10, 10, 3]);
    expect(Math.max(...calls.map((c) => c.Entries.length))).toBeLessThanOrEqual(PUT_EVENTS_MAX_ENTRIES);
    const cartIds = calls.flatMap((c) => c.Entries.map((e) => JSON.parse(e.Detail).cartId));
    expect(cartIds).toEqual(Array.from({ length: 23 }, (_, i) => `cart-${i}`));
  });

  it('reports the first entry EventBridge rejected, so Lambda retries from that record', async () => {
    // Prepare
    const { client, calls } = stubBus(async (input, call) =>
      call === 2
        ? {
            FailedEntryCount: 1,
            Entries: input.Entries.map((_, i) =>
              i === 4 ? { ErrorCode: 'InternalFailure' } : { EventId: 'x' },
            ),
          }
        : { FailedEntryCount: 0, Entries: input.Entries.map(() => ({ EventId: 'x' })) },
    );
    const publish = createPublisher({ client, ...target });

    // Act
    const result = await publish(cartInserts(23));

    // Assess: entry 4 of the second batch is record 14; the third batch is not sent.
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '5014' }] });
    expect(calls).toHaveLength(2);
  });

  it('reports the first record of a batch whose call failed', async () => {
    // Prepare
    const { client } = stubBus(async () => {
      throw new Error('AccessDeniedException');
    });
    const publish = createPublisher({ client, ...target });

    // Act
    const result = await publish(cartInserts(3));

    // Assess
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '5000' }] });
  });
});
