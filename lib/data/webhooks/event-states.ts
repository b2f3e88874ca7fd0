import { type AttributeValue, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { domainEventOf } from '../../domain/domain-events';
import { orderEventsOf } from '../../domain/orders/order-events';
import { dynamo, dynamoRaw, tableName } from '../client';
import { keys } from '../keys';

/**
 * The state an order or customer event's change wrote, kept for its webhook deliveries
 * (docs/webhooks.md "State at the time"): the stored record (`data`) of the stream record's new
 * image, copied as DynamoDB holds it, so the fan-out renders exactly what GET rendered after that
 * change, however soon a later change follows. Kept 4 days: the retries of an event take about 2.
 */

/** How long a kept state lives (seconds, TTL `expiresAt`): past the last retry, with a margin. */
export const EVENT_STATE_KEPT_SECONDS = 4 * 24 * 3600;

/** Which change of a resource a state is: its creation, or an order's version after a PATCH. */
export type EventStateRef =
  | { kind: 'ORDER'; id: string; change: 'CREATE' | `V#${number}` }
  | { kind: 'CUSTOMER'; id: string; change: 'CREATE' };

/** The webhook event type a state serves (to keep it only where a webhook subscribed). */
export type StateEventType = 'ORDER_CREATE' | 'ORDER_UPDATE' | 'CUSTOMER_CREATE';

/** A state to keep: where it goes, for which event type, and the stored record as the image has it. */
export interface EventState {
  shopId: string;
  type: StateEventType;
  ref: EventStateRef;
  data: AttributeValue;
}

/**
 * The states of one stream record: an order's INSERT (ORDER_CREATE), a PATCH of an order
 * (ORDER_UPDATE, by the version it wrote), a customer's INSERT (CUSTOMER_CREATE); [] otherwise.
 */
export function eventStatesOf(record: DynamoDBRecord): EventState[] {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  const data = image?.data;
  if (!image || !data?.M) return [];
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

/** Keeps the states (one PutItem each: a few a batch, only for subscribed types). */
export async function keepEventStates(states: readonly EventState[], now = Date.now()): Promise<void> {
  const expiresAt = Math.floor(now / 1000) + EVENT_STATE_KEPT_SECONDS;
  await Promise.all(
    states.map(({ shopId, ref, data }) => {
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
