import { STOCK_SHARD_KIND } from '../../lib/data/inventory/stock-shards';
import { DOMAIN_EVENT_TYPES } from '../../lib/domain/domain-events';
import { NEWSLETTER_SUBSCRIBER_KIND } from '../../lib/domain/storefront/newsletter-events';

/**
 * Which stream records reach the consumer, and how many at a time: read by the event source
 * mapping in AWS (infra/constructs/event-publisher.ts) and by the twin's stream runner
 * (infra/local/stream/), so the two cannot drift. Patterns are Lambda filter patterns (EventBridge
 * syntax) over the record as Lambda hands it over; a record passes when any pattern matches.
 */

/** An accepted value of a field: a string, a boolean (`NULL: [true]`), or `{exists: true}` (present). */
export type StreamFilterValue = string | boolean | { readonly exists: true };

/** A filter pattern: a list of accepted values per field, nested as the record is. */
export interface StreamFilterPattern {
  readonly [field: string]: StreamFilterPattern | readonly StreamFilterValue[];
}

export const PUBLISHER_STREAM = {
  /** Records per invocation at most. */
  batchSize: 100,
  filters: [
    // INSERTs of carts, orders and documents: cart updates never wake the consumer.
    {
      eventName: ['INSERT'],
      dynamodb: { NewImage: { kind: { S: Object.keys(DOMAIN_EVENT_TYPES) } } },
    },
    // Changes of orders after checkout (OrderUpdated, OrderPaid, ...: lib/domain/orders/order-events.ts).
    {
      eventName: ['MODIFY'],
      dynamodb: { NewImage: { kind: { S: ['order'] } } },
    },
    // Any write that leaves a shard (takes and give-backs too: the consumer finds they moved nothing).
    {
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { NewImage: { kind: { S: [STOCK_SHARD_KIND] } } },
    },
    // Catalog change-log entries of product writes (PRODUCT_EVENTS_ATTRIBUTE: lib/domain/catalog/product-events.ts).
    {
      eventName: ['INSERT'],
      dynamodb: { NewImage: { productEvents: [{ exists: true }] } },
    },
    // Newsletter sign-ups that leave a confirm token (lib/domain/storefront/newsletter-events.ts).
    // The fifth pattern: Lambda's default quota per event source mapping (10 on request).
    {
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: {
        NewImage: { kind: { S: [NEWSLETTER_SUBSCRIBER_KIND] }, confirmToken: [{ exists: true }] },
      },
    },
  ] satisfies StreamFilterPattern[] as readonly StreamFilterPattern[],
} as const;
