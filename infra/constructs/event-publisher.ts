import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { PUBLISHER_ENTRY } from '../function-entries';
import { ApiFunction } from './api-function';
import { consumeTableStream, streamDeadLetters } from './stream-consumer';

export interface EventPublisherProps {
  shopId: string;
  table: ITable;
  logRetention: RetentionDays;
  logLevel: string;
}

/**
 * Domain events (cart.created, order.created, document.finalized) from the table's stream to the
 * stack's EventBridge bus. The stream is filtered to INSERTs of those kinds, so cart updates never
 * wake the consumer, to changes of orders (OrderUpdated, OrderPaid, ...), and to writes of stock shards (the stock events, docs/inventory.md "Events"),
 * for which the consumer reads and writes the table (catalog, shards, its stock views, watchers). A failing record is retried (batch item failures, bisecting) up to
 * STREAM_RETRY, then its stream position lands in the dead-letter queue.
 */
export class EventPublisher extends Construct {
  readonly bus: EventBus;
  readonly consumer: ApiFunction;
  readonly deadLetters: Queue;
  readonly source: string;

  constructor(scope: Construct, id: string, props: EventPublisherProps) {
    super(scope, id);
    this.source = `shop-api.${props.shopId}`;
    this.bus = new EventBus(this, 'Bus', { description: `Domain events of shop ${props.shopId}` });
    this.deadLetters = streamDeadLetters(this, 'the stream consumer', 'UnpublishedEvents');
    this.consumer = new ApiFunction(this, 'Publisher', {
      entry: PUBLISHER_ENTRY,
      description: 'Publishes domain events from the table stream',
      environment: {
        // The stock events read and write the table (shards, stock views, watchers): without its
        // name the consumer would reach for the configuration's default table (the rehearsal found it).
        TABLE_NAME: props.table.tableName,
        EVENT_BUS_NAME: this.bus.eventBusName,
        EVENT_SOURCE: this.source,
        LOG_LEVEL: props.logLevel,
      },
      table: props.table,
      access: 'write',
      logRetention: props.logRetention,
      memorySize: 512,
      timeout: Duration.seconds(30),
    });
    this.bus.grantPutEventsTo(this.consumer.fn);
    // The same patterns filter the twin's stream (functions/events/stream-filter.ts).
    consumeTableStream(this.consumer, props.table, PUBLISHER_STREAM, this.deadLetters);
  }
}
