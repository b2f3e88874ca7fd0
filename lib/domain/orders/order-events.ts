import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';

/**
 * The events of an order's changes after checkout (docs/orders.md "Events"), from one stream
 * record of the order item: `OrderUpdated` when a PATCH wrote it (the write names its version and
 * paths in `lastChange`, lib/data/orders/order-writes.ts), and one status event per timestamp that
 * went from null to set. A document's write of the order (invoicedOn, the version) raises none of
 * them: it has its own event. Detail fields from a whitelist, as for every domain event.
 */

/** The timestamps whose first setting raises an event of its own, and that event. */
export const ORDER_STATUS_EVENTS = {
  paidOn: 'OrderPaid',
  dispatchedOn: 'OrderDispatched',
  deliveredOn: 'OrderDelivered',
  rejectedOn: 'OrderRejected',
  returnedOn: 'OrderReturned',
  closedOn: 'OrderClosed',
} as const;
type StatusTimestamp = keyof typeof ORDER_STATUS_EVENTS;

export interface OrderUpdated {
  type: 'OrderUpdated';
  time: string;
  /** `version`: the order's version this PATCH wrote (its ETag). */
  detail: { shopId: string; orderId: string; orderNumber: string; changedFields: string[]; version: number };
}

export interface OrderStatusReached {
  type: (typeof ORDER_STATUS_EVENTS)[StatusTimestamp];
  time: string;
  /** orderId, orderNumber and the timestamp under its own name (`paidOn`, ...). */
  detail: { shopId: string; orderId: string; orderNumber: string } & Partial<Record<StatusTimestamp, string>>;
}

export type OrderEvent = OrderUpdated | OrderStatusReached;

type Image = Record<string, AttributeValue>;

/** The events of a MODIFY of an order item; [] for every other record. */
export function orderEventsOf(record: DynamoDBRecord): OrderEvent[] {
  if (record.eventName !== 'MODIFY') return [];
  const now = record.dynamodb?.NewImage as Image | undefined;
  const old = record.dynamodb?.OldImage as Image | undefined;
  if (now?.kind?.S !== 'order' || !old) return [];
  const shopId = now.shopId?.S;
  const orderId = now.orderId?.S;
  const orderNumber = now.data?.M?.orderNumber?.S ?? now.orderNumber?.S;
  if (!shopId || !orderId || !orderNumber) return [];
  const base = { shopId, orderId, orderNumber };
  const change = now.lastChange?.M;
  const changedAt = change?.changedAt?.S ?? new Date().toISOString();
  const events: OrderEvent[] = [];
  // Only the write that made this version is a PATCH; a later document write keeps the old lastChange.
  if (
    change &&
    change.version?.N !== undefined &&
    change.version.N === now.version?.N &&
    now.version?.N !== old.version?.N
  ) {
    const changedFields = (change.changedFields?.L ?? []).flatMap((f) => (f.S === undefined ? [] : [f.S]));
    const version = Number(change.version.N);
    events.push({ type: 'OrderUpdated', time: changedAt, detail: { ...base, changedFields, version } });
  }
  const before = old.data?.M?.timestamps?.M ?? {};
  const after = now.data?.M?.timestamps?.M ?? {};
  for (const [name, type] of Object.entries(ORDER_STATUS_EVENTS) as [
    StatusTimestamp,
    OrderStatusReached['type'],
  ][]) {
    const set = after[name]?.S;
    if (set !== undefined && before[name]?.S === undefined)
      events.push({ type, time: changedAt, detail: { ...base, [name]: set } });
  }
  return events;
}
