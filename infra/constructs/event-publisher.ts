import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { PUBLISHER_ENTRY } from '../function-entries';
import { ApiFunction } from './api-function';

/** How the stream consumer retries before a record goes to the dead-letter queue. */
export const STREAM_RETRY = {
  retryAttempts: 5,
  maxRecordAge: Duration.hours(24),
  batchSize: PUBLISHER_STREAM.batchSize,
} as const;

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
    this.deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    NagSuppressions.addResourceSuppressions(this.deadLetters, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          'This queue IS the dead-letter queue of the stream consumer (records that failed every retry); a dead-letter queue of a dead-letter queue would only move them again, and the UnpublishedEvents alarm watches this one.',
      },
    ]);
    this.consumer = new ApiFunction(this, 'Publisher', {
      entry: PUBLISHER_ENTRY,
      description: 'Publishes domain events from the table stream',
      environment: {
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
    this.consumer.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: STREAM_RETRY.batchSize,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: STREAM_RETRY.retryAttempts,
        maxRecordAge: STREAM_RETRY.maxRecordAge,
        onFailure: new SqsDlq(this.deadLetters),
        // The same patterns filter the twin's stream (functions/events/stream-filter.ts).
        filters: PUBLISHER_STREAM.filters.map((pattern) => FilterCriteria.filter(pattern)),
      }),
    );
    NagSuppressions.addResourceSuppressions(
      this.consumer.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Reading the table stream (DynamoEventSource): dynamodb:ListStreams supports no resource-level permissions, so it needs Resource "*"; GetRecords, GetShardIterator and DescribeStream are on this table\'s stream only.',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
  }
}
