import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type ShardChange, shardChangeOf, streamPosition } from '../../lib/data/inventory/stock-stream';
import { type CatalogProductEvent, productEventsOf } from '../../lib/domain/catalog/product-events';
import { type BusEntry, type DomainEvent, domainEventOf, toBusEntry } from '../../lib/domain/domain-events';
import type { StockEvent } from '../../lib/domain/inventory/stock-events';
import { type OrderEvent, orderEventsOf } from '../../lib/domain/orders/order-events';
import { type NewsletterEvent, newsletterEventsOf } from '../../lib/domain/storefront/newsletter-events';
import { log } from '../../lib/log';
// Namespace import: `import { z }` defeats tree shaking and adds all of zod to the bundle.
import * as z from '../../lib/schemas/zod';
import { raiseStockEvents } from '../../lib/use-cases/inventory/raise-stock-events';
import { keepWebhookStates } from '../../lib/use-cases/webhooks/keep-event-states';
import { type EventBusClient, eventBridgeClient } from './event-bus-client';

/**
 * The table's stream consumer (not an API route): turns INSERTs of carts, orders and documents
 * into domain events on the stack's EventBridge bus, changes of orders after checkout into the
 * order events (lib/domain/orders/order-events.ts), catalog change-log entries of product writes into
 * the product events (lib/domain/catalog/product-events.ts), newsletter sign-ups into the confirm
 * mail's event (lib/domain/storefront/newsletter-events.ts), and changes of stock shards into the stock
 * events (docs/inventory.md "Events": those need the table, to sum a product's shards). Delivery is at least once: a failed batch is
 * reported by the sequence number of its first unsent record, and Lambda retries from there (the
 * event source mapping reports batch item failures, bisects and finally parks records in a DLQ).
 */

/** PutEvents takes at most 10 entries per call. */
export const PUT_EVENTS_MAX_ENTRIES = 10;

export interface PublisherOptions {
  client: EventBusClient;
  busName: string;
  /** EventBridge `source`, e.g. `shop-api.demo`. */
  source: string;
  /** The stock events of shard changes, by sequence number (default: from the table). */
  stockEvents?: (changes: readonly ShardChange[]) => Promise<Map<string, StockEvent[]>>;
  /**
   * Keeps what the batch's order and customer webhooks will carry, before anything is published
   * (keepWebhookStates in AWS and on the twin; none by default, so stubbed tests need no table:
   * the fan-out then reads the resource as it is).
   */
  keepStates?: (records: readonly DynamoDBRecord[]) => Promise<void>;
}

/** A stream handler publishing to the given bus through the given client (tests inject a stub). */
export function createPublisher(options: PublisherOptions) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const changes = event.Records.flatMap((record) => shardChangeOf(record) ?? []);
    let stock = new Map<string, StockEvent[]>();
    try {
      if (changes.length > 0) stock = await (options.stockEvents ?? raiseStockEvents)(changes);
      await options.keepStates?.(event.Records);
    } catch (error) {
      // Nothing published yet: the whole batch is retried (the stock views and kept states make that safe).
      log.error('stock events not raised or states not kept', {
        error: error instanceof Error ? error.message : String(error),
      });
      return { batchItemFailures: [{ itemIdentifier: event.Records[0]?.dynamodb?.SequenceNumber ?? '' }] };
    }
    const pending: { sequenceNumber: string; entry: BusEntry }[] = [];
    for (const record of event.Records) {
      const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
      const domainEvent = domainEventOf(record);
      const raised: (DomainEvent | StockEvent | OrderEvent | CatalogProductEvent | NewsletterEvent)[] =
        domainEvent
          ? [domainEvent]
          : [
              ...orderEventsOf(record),
              ...productEventsOf(record),
              ...newsletterEventsOf(record),
              ...(stock.get(streamPosition(sequenceNumber)) ?? []),
            ];
      for (const one of raised) {
        pending.push({
          sequenceNumber,
          entry: toBusEntry(one, { source: options.source, busName: options.busName }),
        });
      }
    }
    for (let start = 0; start < pending.length; start += PUT_EVENTS_MAX_ENTRIES) {
      const batch = pending.slice(start, start + PUT_EVENTS_MAX_ENTRIES);
      const failedAt = await sendBatch(
        options.client,
        batch.map((p) => p.entry),
      );
      if (failedAt !== undefined) {
        const failed = batch[failedAt] as (typeof batch)[number];
        log.warn('domain events not published; retrying from the first failed record', {
          published: start + failedAt,
          pending: pending.length,
        });
        return { batchItemFailures: [{ itemIdentifier: failed.sequenceNumber }] };
      }
    }
    log.info('domain events published', { records: event.Records.length, published: pending.length });
    return { batchItemFailures: [] };
  };
}

/** The index of the first entry EventBridge did not take, or undefined when all went through. */
async function sendBatch(client: EventBusClient, entries: BusEntry[]): Promise<number | undefined> {
  try {
    const out = await client.send({ Entries: entries });
    if (!out.FailedEntryCount) return undefined;
    const index = (out.Entries ?? []).findIndex((e) => e.ErrorCode !== undefined);
    log.error('PutEvents rejected entries', {
      failed: out.FailedEntryCount,
      errorCode: out.Entries?.[index]?.ErrorCode,
    });
    return Math.max(index, 0);
  } catch (error) {
    log.error('PutEvents failed', { error: error instanceof Error ? error.message : String(error) });
    return 0;
  }
}

const Env = z.object({
  EVENT_BUS_NAME: z.string().check(z.minLength(1)),
  EVENT_SOURCE: z.string().check(z.minLength(1)),
  AWS_REGION: z.string().check(z.minLength(1)),
});

let publisher: ReturnType<typeof createPublisher> | undefined;

/** Lambda entry point: configuration from the environment, checked on the first invocation. */
export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  if (!publisher) {
    const env = Env.parse(process.env);
    publisher = createPublisher({
      client: eventBridgeClient(env.AWS_REGION),
      busName: env.EVENT_BUS_NAME,
      source: env.EVENT_SOURCE,
      keepStates: keepWebhookStates,
    });
  }
  return publisher(event);
};
