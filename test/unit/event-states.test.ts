import { readFileSync } from 'node:fs';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { eventStatesOf } from '../../lib/data/webhooks/event-states';

/**
 * Which states the stream consumer keeps for webhooks (docs/webhooks.md "What the entity is made
 * from"), from the stream samples: the record each change wrote, named by the change.
 */

const records = (name: string): DynamoDBRecord[] =>
  (
    JSON.parse(
      readFileSync(new URL(`../../events/streams/${name}.json`, import.meta.url), 'utf8'),
    ) as DynamoDBStreamEvent
  ).Records;

describe('eventStatesOf', () => {
  it("keeps a checkout's order as its INSERT wrote it, for ORDER_CREATE; nothing for the cart or counter", () => {
    // Act
    const states = records('order-placed').map(eventStatesOf);

    // Assess
    expect(states.map((s) => s.map((one) => [one.type, one.ref]))).toEqual([
      [],
      [],
      [['ORDER_CREATE', { kind: 'ORDER', id: expect.any(String), change: 'CREATE' }]],
    ]);
    const [created] = states[2] ?? [];
    const image = records('order-placed')[2]?.dynamodb?.NewImage;
    expect(created?.data()).toEqual(image?.data);
    expect(created?.shopId).toBe('demo');
  });

  it('keeps the order a PATCH wrote under the version it wrote, for ORDER_UPDATE', () => {
    // Act
    const [patched] = eventStatesOf(records('order-updated')[0] as DynamoDBRecord);

    // Assess
    expect(patched).toMatchObject({
      type: 'ORDER_UPDATE',
      ref: { kind: 'ORDER', id: '01KAKQ9M3P7R2T6V1X5Z8B4D0F', change: 'V#1' },
    });
    expect(patched?.data()).toEqual(records('order-updated')[0]?.dynamodb?.NewImage?.data);
  });

  it('keeps the product a catalog change-log entry wrote under its catalog version, for PRODUCT_UPDATE', () => {
    // Prepare: the entry of version 42 renames titanium-mug (its changes blob holds the product)
    const [entry, created, categoryOnly] = records('product-events');

    // Act
    const [updated] = eventStatesOf(entry as DynamoDBRecord);

    // Assess: the product as that version wrote it; the created product's entry holds no product
    // in the sample, so nothing is kept for it; an entry without product events keeps nothing
    expect(updated).toMatchObject({
      shopId: 'demo',
      type: 'PRODUCT_UPDATE',
      ref: { kind: 'PRODUCT', id: 'titanium-mug', change: 'V#42' },
    });
    const kept = JSON.parse(updated?.data()?.S as string) as { productId: string; name: { en_GB: string } };
    expect(kept.productId).toBe('titanium-mug');
    expect(kept.name.en_GB).toBe('Titanium Mug 450 ml, brushed');
    expect(eventStatesOf(created as DynamoDBRecord).map((s) => [s.type, s.ref.change, s.data()])).toEqual([
      ['PRODUCT_CREATE', 'V#43', undefined],
    ]);
    expect(eventStatesOf(categoryOnly as DynamoDBRecord)).toEqual([]);
  });
});
