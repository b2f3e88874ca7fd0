import { readFileSync } from 'node:fs';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { matchesPattern, passesFilters } from '../../infra/local/stream/event-pattern';
import { type StreamApiRecord, toLambdaRecord } from '../../infra/local/stream/stream-record';

const ARN = 'arn:aws:dynamodb:ddblocal:000000000000:table/shop-api/stream/2026-11-25T21:20:11.540';

const sample = (name: string): DynamoDBStreamEvent =>
  JSON.parse(readFileSync(new URL(`../../events/streams/${name}.json`, import.meta.url), 'utf8'));

/** A record as the Streams API's JSON carries it (epoch seconds with a fraction, binaries in base64). */
function apiRecord(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', kind: string): StreamApiRecord {
  return {
    eventID: 'e1',
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'ddblocal',
    dynamodb: {
      ApproximateCreationDateTime: 1795641600.486,
      Keys: { pk: { S: 'SHOP#demo#X' }, sk: { S: 'X' } },
      NewImage: { pk: { S: 'SHOP#demo#X' }, kind: { S: kind } },
      SequenceNumber: '000000000000000000007',
      SizeBytes: 40,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

describe('toLambdaRecord', () => {
  it('gives the event source mapping shape: whole epoch seconds, the values as they came, the stream ARN', () => {
    // Prepare
    const record = apiRecord('MODIFY', 'stock');
    record.dynamodb = {
      ...record.dynamodb,
      NewImage: {
        blob: { B: 'aGk=' },
        blobs: { BS: ['AQ==', 'AgM='] },
        nested: {
          M: { list: { L: [{ N: '1.5' }, { BOOL: true }, { NULL: true }, { SS: ['a'] }, { NS: ['2'] }] } },
        },
      },
      OldImage: { available: { N: '3' } },
    };

    // Act
    const lambda = toLambdaRecord(record, ARN);

    // Assess
    expect(lambda).toEqual({
      eventID: 'e1',
      eventName: 'MODIFY',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'ddblocal',
      eventSourceARN: ARN,
      dynamodb: {
        ApproximateCreationDateTime: 1795641600,
        Keys: { pk: { S: 'SHOP#demo#X' }, sk: { S: 'X' } },
        NewImage: {
          blob: { B: 'aGk=' },
          blobs: { BS: ['AQ==', 'AgM='] },
          nested: {
            M: { list: { L: [{ N: '1.5' }, { BOOL: true }, { NULL: true }, { SS: ['a'] }, { NS: ['2'] }] } },
          },
        },
        OldImage: { available: { N: '3' } },
        SequenceNumber: '000000000000000000007',
        SizeBytes: 40,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
  });

  it("reads DynamoDB Local's empty map ({}) as the empty map DynamoDB sends", () => {
    // Prepare: a stock shard without holds, as DynamoDB Local's stream writes it
    const record = apiRecord('MODIFY', 'stock');
    const empty = {} as never;
    record.dynamodb = {
      ...record.dynamodb,
      NewImage: { holds: empty, nested: { M: { inner: empty } }, list: { L: [empty, { N: '1' }] } },
    };

    // Act
    const lambda = toLambdaRecord(record, ARN);

    // Assess
    expect(lambda.dynamodb?.NewImage).toEqual({
      holds: { M: {} },
      nested: { M: { inner: { M: {} } } },
      list: { L: [{ M: {} }, { N: '1' }] },
    });
  });

  it('keeps the identity of a TTL delete', () => {
    // Prepare
    const record = {
      ...apiRecord('REMOVE', 'cart'),
      userIdentity: { Type: 'Service', PrincipalId: 'dynamodb.amazonaws.com' },
    };

    // Act
    const lambda = toLambdaRecord(record, ARN);

    // Assess
    expect(lambda.userIdentity).toEqual({ Type: 'Service', PrincipalId: 'dynamodb.amazonaws.com' });
  });
});

describe("the consumer's stream filter (functions/events/stream-filter.ts) on the twin", () => {
  const passes = (record: unknown) => passesFilters(PUBLISHER_STREAM.filters, record);

  it('lets through, of the sample streams, the INSERTs of carts, orders and documents and the writes of shards', () => {
    // Prepare
    const names = ['cart-created', 'order-placed', 'document-finalized', 'stock-changed'];
    const samples = names.flatMap((name) => sample(name).Records.map((record) => ({ name, record })));

    // Act
    const passed = samples.filter(({ record }) => passes(record));

    // Assess
    expect(
      passed.map(({ name, record }) => [name, record.eventName, record.dynamodb?.NewImage?.kind?.S]),
    ).toEqual([
      ['cart-created', 'INSERT', 'cart'],
      ['order-placed', 'INSERT', 'order'],
      ['document-finalized', 'INSERT', 'document'],
      ['stock-changed', 'MODIFY', 'stock'],
      ['stock-changed', 'MODIFY', 'stock'],
    ]);
    expect(samples.length).toBeGreaterThan(passed.length);
  });

  it('keeps out updates of carts, deletes, and every other kind of item', () => {
    // Prepare
    const lambda = (name: 'INSERT' | 'MODIFY' | 'REMOVE', kind: string) =>
      toLambdaRecord(apiRecord(name, kind), ARN);

    // Act
    const verdicts = {
      cartInsert: passes(lambda('INSERT', 'cart')),
      orderInsert: passes(lambda('INSERT', 'order')),
      stockInsert: passes(lambda('INSERT', 'stock')),
      stockModify: passes(lambda('MODIFY', 'stock')),
      cartModify: passes(lambda('MODIFY', 'cart')),
      stockRemove: passes(lambda('REMOVE', 'stock')),
      rateLimitInsert: passes(lambda('INSERT', 'rateLimit')),
      noImage: passes({ eventName: 'INSERT', dynamodb: {} }),
    };

    // Assess
    expect(verdicts).toEqual({
      cartInsert: true,
      orderInsert: true,
      stockInsert: true,
      stockModify: true,
      cartModify: false,
      stockRemove: false,
      rateLimitInsert: false,
      noImage: false,
    });
  });

  it('refuses a rule it does not implement, rather than filter differently from AWS', () => {
    // Act
    const prefix = () => matchesPattern({ eventName: [{ prefix: 'IN' }] as never }, { eventName: 'INSERT' });

    // Assess
    expect(prefix).toThrow(/unsupported filter rule/);
  });
});
