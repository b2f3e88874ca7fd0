import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import type { CatalogProductEvent } from './catalog/product-events';
import type { StockEvent } from './inventory/stock-events';
import { toDecimalString } from './money/money';
import type { OrderEvent } from './orders/order-events';
import type { NewsletterEvent } from './storefront/newsletter-events';

/**
 * Domain events beyond the spec (its "Events" section says: not shown): what the table's stream
 * tells the rest of a merchant's systems. Pure mapping from one stream record to at most one
 * event; the stream consumer (functions/events/publish-domain-events.ts) publishes them.
 *
 * Details are built field by field from a whitelist, so nothing secret (a cart's tokenHash, a
 * pickup token, addresses) can ever leave through an event.
 */

/** Item kind → the event its INSERT raises. Also the stream filter of the consumer (infra). */
export const DOMAIN_EVENT_TYPES = {
  cart: 'cart.created',
  order: 'order.created',
  document: 'document.finalized',
  customer: 'customer.created',
} as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[keyof typeof DOMAIN_EVENT_TYPES];

export interface CartCreated {
  type: 'cart.created';
  detail: { shopId: string; cartId: string; createdAt: string; currency: string; taxType: string };
}

export interface OrderCreated {
  type: 'order.created';
  detail: {
    shopId: string;
    orderId: string;
    orderNumber: string;
    cartId: string;
    customerId: string | null;
    createdAt: string;
    /** Decimal string in the order's currency ("26.35"), as the order resource shows it. */
    grandTotal: string;
    currency: string;
  };
}

export interface DocumentFinalized {
  type: 'document.finalized';
  detail: {
    shopId: string;
    orderId: string;
    documentId: string;
    documentType: string;
    documentNumber: string;
    createdAt: string;
  };
}

export interface CustomerCreated {
  type: 'customer.created';
  detail: { shopId: string; customerId: string; customerNumber: string; createdAt: string };
}

export type DomainEvent = CartCreated | OrderCreated | DocumentFinalized | CustomerCreated;

type Image = Record<string, AttributeValue>;

/**
 * The event a stream record raises: INSERTs of carts, orders and documents; undefined for every
 * other record (updates, deletes, TTL expiry, other kinds) and for items missing a required field.
 */
export function domainEventOf(record: DynamoDBRecord): DomainEvent | undefined {
  if (record.eventName !== 'INSERT') return undefined;
  const image = record.dynamodb?.NewImage as Image | undefined;
  if (!image) return undefined;
  switch (text(image.kind)) {
    case 'cart':
      return complete<CartCreated>({
        type: DOMAIN_EVENT_TYPES.cart,
        detail: pick(image, ['shopId', 'cartId', 'createdAt', 'currency', 'taxType']),
      });
    case 'order': {
      const detail = pick(image, ['shopId', 'orderId', 'orderNumber', 'cartId', 'createdAt', 'currency']);
      return complete<OrderCreated>({
        type: DOMAIN_EVENT_TYPES.order,
        detail: {
          ...detail,
          customerId: text(image.customerId) ?? null,
          grandTotal: grandTotalOf(image, detail.currency),
        },
      });
    }
    case 'document':
      return complete<DocumentFinalized>({
        type: DOMAIN_EVENT_TYPES.document,
        detail: pick(image, [
          'shopId',
          'orderId',
          'documentId',
          'documentType',
          'documentNumber',
          'createdAt',
        ]),
      });
    case 'customer': {
      // The customer is stored whole in `data`; the shop is the key's (SHOP#{shopId}#CUSTOMER#…).
      const data = image.data?.M ?? {};
      return complete<CustomerCreated>({
        type: DOMAIN_EVENT_TYPES.customer,
        detail: {
          shopId: /^SHOP#([^#]+)#/.exec(text(image.pk) ?? '')?.[1],
          customerId: text(data.customerId),
          customerNumber: text(data.customerNumber),
          createdAt: text(data.creationDate),
        },
      });
    }
    default:
      return undefined;
  }
}

/** One EventBridge entry (the shape of PutEvents' `Entries[]`). */
export interface BusEntry {
  Source: string;
  DetailType: string;
  Detail: string;
  EventBusName: string;
  Time?: Date;
}

/**
 * The EventBridge entry of an event: detail-type is the event type, time when it happened (a
 * record's creation, or a stock change's own time: lib/domain/inventory/stock-events.ts).
 */
export function toBusEntry(
  event: DomainEvent | StockEvent | OrderEvent | CatalogProductEvent | NewsletterEvent,
  target: { source: string; busName: string },
): BusEntry {
  const time = new Date('time' in event ? event.time : event.detail.createdAt);
  return {
    Source: target.source,
    DetailType: event.type,
    Detail: JSON.stringify(event.detail),
    EventBusName: target.busName,
    ...(Number.isNaN(time.getTime()) ? {} : { Time: time }),
  };
}

/** A scalar attribute as text: strings as they are, numbers in their exact decimal form. */
function text(value: AttributeValue | undefined): string | undefined {
  if (value?.S !== undefined) return value.S;
  if (value?.N !== undefined) return value.N;
  return undefined;
}

function pick<K extends string>(image: Image, names: readonly K[]): Record<K, string | undefined> {
  return Object.fromEntries(names.map((n) => [n, text(image[n])])) as Record<K, string | undefined>;
}

/**
 * The order's grand total as a decimal string: the item's top-level decimal string when it has
 * one, else the order aggregate's total in minor units (`totals`, at the top or inside the stored
 * `data`) turned into one.
 */
function grandTotalOf(image: Image, currency: string | undefined): string | undefined {
  const top = image.grandTotal?.S;
  if (top !== undefined) return top;
  const totals = image.totals?.M ?? image.data?.M?.totals?.M;
  const minor = totals?.grandTotal?.N;
  if (minor === undefined || currency === undefined || !/^-?\d+$/.test(minor)) return undefined;
  return toDecimalString(Number(minor), currency);
}

type Draft<E extends DomainEvent> = {
  type: E['type'];
  detail: { [K in keyof E['detail']]: E['detail'][K] | undefined };
};

/** The event when every required field is present (customerId may be null), else undefined. */
function complete<E extends DomainEvent>(draft: Draft<E>): E | undefined {
  const missing = Object.entries(draft.detail).some(([k, v]) => v === undefined && k !== 'customerId');
  return missing ? undefined : (draft as E);
}
