import { readFileSync } from 'node:fs';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { passesFilters } from '../../infra/local/stream/event-pattern';
import { productEventsOf } from '../../lib/domain/catalog/product-events';

/**
 * The product events of docs/catalog.md "Product writes", from the stream sample
 * events/streams/product-events.json: INSERTs of catalog change-log entries that name them (a PATCH's
 * ProductUpdated, a create and a delete in one entry), and an entry that names none (a category write).
 */
const sample = JSON.parse(
  readFileSync(new URL('../../events/streams/product-events.json', import.meta.url), 'utf8'),
) as DynamoDBStreamEvent;
const record = (index: number) => sample.Records[index] as DynamoDBRecord;

describe('product events', () => {
  it('raises the events a change-log entry names, with the shop and the time of the change', () => {
    expect(productEventsOf(record(0))).toEqual([
      {
        type: 'ProductUpdated',
        time: '2026-11-21T08:05:00.000Z',
        detail: {
          shopId: 'demo',
          productId: 'titanium-mug',
          changedFields: ['/name', '/prices/GBP'],
          catalogVersion: 42,
        },
      },
    ]);
    expect(productEventsOf(record(1)).map((e) => [e.type, e.detail])).toEqual([
      [
        'ProductCreated',
        {
          shopId: 'demo',
          productId: '01KAKQ9M3P7R2T6V1X5Z8B4D0G',
          productNumber: 'EB-250',
          catalogVersion: 43,
        },
      ],
      ['ProductDeleted', { shopId: 'demo', productId: 'display-only-sample', productNumber: 'NW-7060-AUS' }],
    ]);
  });

  it('raises none for an entry without product events, and the stream filter lets only those through', () => {
    expect(productEventsOf(record(2))).toEqual([]);
    expect(passesFilters(PUBLISHER_STREAM.filters, record(0))).toBe(true);
    expect(passesFilters(PUBLISHER_STREAM.filters, record(1))).toBe(true);
    expect(passesFilters(PUBLISHER_STREAM.filters, record(2))).toBe(false);
  });
});
