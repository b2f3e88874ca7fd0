import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IEventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { WEBHOOK_TYPE_OF_EVENT } from '../../lib/domain/webhooks/webhook-event';
import { WEBHOOK_DELIVERY_ENTRY } from '../function-entries';
import { ApiFunction } from './api-function';
import { streamDeadLetters } from './stream-consumer';

export interface WebhookDeliveryProps {
  shopId: string;
  table: ITable;
  bus: IEventBus;
  /** The bus `source` of the shop's domain events. */
  source: string;
  /** The API's base URL, for `baseUrl` and `entityUrl` in deliveries. */
  apiBaseUrl: string;
  logRetention: RetentionDays;
  logLevel: string;
}

/** How long one batch may take: its deliveries run at once, each at most 10 s, after a fan-out. */
const TIMEOUT = Duration.seconds(30);

/**
 * Webhooks in AWS (docs/webhooks.md "How it runs"): a rule on the shop's bus sends the event types
 * webhooks can subscribe to to a queue; the delivery function fans each event out into one job per
 * subscribed webhook on the same queue and attempts jobs, retrying by message delay. Messages the
 * function itself fails on (DynamoDB down) are redelivered by SQS and after 5 receives parked in a
 * dead-letter queue that an alarm watches (ShopAlarms "UndeliveredWebhooks").
 */
export class WebhookDelivery extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly deliverer: ApiFunction;

  constructor(scope: Construct, id: string, props: WebhookDeliveryProps) {
    super(scope, id);
    this.deadLetters = streamDeadLetters(this, 'the webhook delivery', 'UndeliveredWebhooks');
    this.queue = new Queue(this, 'Deliveries', {
      // Six times the function's timeout, as AWS advises for a queue feeding a function.
      visibilityTimeout: Duration.seconds(TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 5 },
    });
    new Rule(this, 'Events', {
      eventBus: props.bus,
      description: `Domain events of shop ${props.shopId} that webhooks can subscribe to`,
      eventPattern: { source: [props.source], detailType: Object.keys(WEBHOOK_TYPE_OF_EVENT) },
      targets: [new SqsQueue(this.queue)],
    });
    this.deliverer = new ApiFunction(this, 'Deliverer', {
      entry: WEBHOOK_DELIVERY_ENTRY,
      description: 'Delivers webhooks: fans events out, signs, sends and retries',
      environment: {
        TABLE_NAME: props.table.tableName,
        LOG_LEVEL: props.logLevel,
        WEBHOOK_QUEUE_URL: this.queue.queueUrl,
        API_BASE_URL: props.apiBaseUrl,
      },
      table: props.table,
      access: 'write',
      logRetention: props.logRetention,
      memorySize: 512,
      timeout: TIMEOUT,
    });
    this.queue.grantSendMessages(this.deliverer.fn);
    this.deliverer.fn.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
  }
}
