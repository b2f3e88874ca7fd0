import { type AttributeValue, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { productEventsOf } from '../../domain/catalog/product-events';
import { domainEventOf } from '../../domain/domain-events';
import { orderEventsOf } from '../../domain/orders/order-events';
import { logEntryChanges } from '../catalog/catalog-log';
import { dynamo, dynamoRaw, tableName } from '../client';
import { keys } from '../keys';

/**
 * The state an order, customer or product event's change wrote, kept for its webhook deliveries
 * (docs/webhooks.md "State at the time"): the stored record (`data`) of the stream record's new
 * image, copied as DynamoDB holds it, or a product as the catalog change-log entry of its write
 * holds it (JSON), so the fan-out renders exactly what GET rendered after that change, however soon
 * a later change follows. Kept 4 days: the retries of an event take about 2.
 */

/** How long a kept state lives (seconds, TTL `expiresAt`): past the last retry, with a margin. */
export const EVENT_STATE_KEPT_SECONDS = 4 * 24 * 3600;

/** Which change of a resource a state is: its creation, or an order's version after a PATCH. */
export type EventStateRef =
  | { kind: 'ORDER'; id: string; change: 'CREATE' | `V#${number}` }
  | { kind: 'CUSTOMER'; id: string; change: 'CREATE' }
  | { kind: 'PRODUCT'; id: string; change: `V#${number}` };

/** The webhook event type a state serves (to keep it only where a webhook subscribed). */
export type StateEventType =
  | 'ORDER_CREATE'
  | 'ORDER_UPDATE'
  | 'CUSTOMER_CREATE'
  | 'PRODUCT_CREATE'
  | 'PRODUCT_UPDATE';

/**
 * A state to keep: where it goes, for which event type, and the stored record as the image has it
 * (computed when asked: a product's means inflating its log entry, done only when a webhook wants it).
 */
export interface EventState {
  shopId: string;
  type: StateEventType;
  ref: EventStateRef;
  data: () => AttributeValue | undefined;
}

/**
 * The states of one stream record: an order's INSERT (ORDER_CREATE), a PATCH of an order
 * (ORDER_UPDATE, by the version it wrote), a customer's INSERT (CUSTOMER_CREATE), a catalog
 * change-log entry's created and updated products (by the catalog version); [] otherwise.
 */
export function eventStatesOf(record: DynamoDBRecord): EventState[] {
  const products = productStatesOf(record);
  if (products.length > 0) return products;
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  const stored = image?.data;
  if (!image || !stored?.M) return [];
  const data = () => stored;
  const created = domainEventOf(record);
  if (created?.type === 'order.created') {
    const ref: EventStateRef = { kind: 'ORDER', id: created.detail.orderId, change: 'CREATE' };
    return [{ shopId: created.detail.shopId, type: 'ORDER_CREATE', ref, data }];
  }
  if (created?.type === 'customer.created') {
    const ref: EventStateRef = { kind: 'CUSTOMER', id: created.detail.customerId, change: 'CREATE' };
    return [{ shopId: created.detail.shopId, type: 'CUSTOMER_CREATE', ref, data }];
  }
  return orderEventsOf(record).flatMap((event) =>
    event.type === 'OrderUpdated'
      ? [
          {
            shopId: event.detail.shopId,
            type: 'ORDER_UPDATE' as const,
            ref: {
              kind: 'ORDER' as const,
              id: event.detail.orderId,
              change: `V#${event.detail.version}` as const,
            },
            data,
          },
        ]
      : [],
  );
}

/** The created and updated products of a change-log entry's INSERT, each as the entry wrote it. */
function productStatesOf(record: DynamoDBRecord): EventState[] {
  const events = productEventsOf(record).flatMap((event) => (event.type === 'ProductDeleted' ? [] : [event]));
  if (events.length === 0) return [];
  let changes: ReturnType<typeof logEntryChanges> | undefined;
  const written = (productId: string): AttributeValue | undefined => {
    const blob = (record.dynamodb?.NewImage as Record<string, { B?: string }> | undefined)?.changes?.B;
    changes ??= blob === undefined ? [] : logEntryChanges(Buffer.from(blob, 'base64'));
    const put = changes.find((c) => c.kind === 'product' && c.id === productId && !('deleted' in c));
    return put && 'data' in put ? { S: JSON.stringify(put.data) } : undefined;
  };
  return events.map(({ type, detail }) => ({
    shopId: detail.shopId,
    type: type === 'ProductCreated' ? 'PRODUCT_CREATE' : 'PRODUCT_UPDATE',
    ref: { kind: 'PRODUCT', id: detail.productId, change: `V#${detail.catalogVersion}` },
    data: () => written(detail.productId),
  }));
}

/** Keeps the states (one PutItem each: a few a batch, only for subscribed types). */
export async function keepEventStates(states: readonly EventState[], now = Date.now()): Promise<void> {
  const expiresAt = Math.floor(now / 1000) + EVENT_STATE_KEPT_SECONDS;
  await Promise.all(
    states.map(({ shopId, ref, data: stateData }) => {
      const data = stateData();
      if (data === undefined) return undefined;
      const key = keys.eventState(shopId, ref.kind, ref.id, ref.change);
      return dynamoRaw().send(
        new PutItemCommand({
          TableName: tableName(),
          Item: {
            pk: { S: key.pk },
            sk: { S: key.sk },
            kind: { S: 'eventState' },
            data,
            expiresAt: { N: String(expiresAt) },
          },
        }),
      );
    }),
  );
}

/**
 * A kept state's record (order or customer as stored), or undefined when none was kept. Strongly
 * consistent: the fan-out follows the write by a moment, and a stale miss would send a later state.
 */
export async function readEventState(shopId: string, ref: EventStateRef): Promise<unknown> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.eventState(shopId, ref.kind, ref.id, ref.change),
      ConsistentRead: true,
    }),
  );
  return Item?.data;
}

/** A kept product state (the product as its catalog version wrote it), or undefined. */
export async function readProductState(
  shopId: string,
  productId: string,
  catalogVersion: number,
): Promise<unknown> {
  if (!Number.isInteger(catalogVersion)) return undefined;
  const json = await readEventState(shopId, {
    kind: 'PRODUCT',
    id: productId,
    change: `V#${catalogVersion}`,
  });
  return typeof json === 'string' ? JSON.parse(json) : undefined;
}
