import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { StreamFilterPattern } from '../../functions/events/stream-filter';
import type { ApiFunction } from './api-function';

/** How a stream consumer retries before a record goes to its dead-letter queue. */
export const STREAM_RETRY = { retryAttempts: 5, maxRecordAge: Duration.hours(24) } as const;

/**
 * The dead-letter queue of a table-stream consumer (records that failed every retry), encrypted and
 * TLS-only; `watchedBy` names the alarm on its depth (cdk-nag asks every queue for a DLQ of its own,
 * which for a dead-letter queue would only move its records again).
 */
export function streamDeadLetters(scope: Construct, consumer: string, watchedBy: string): Queue {
  const queue = new Queue(scope, 'DeadLetters', {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  NagSuppressions.addResourceSuppressions(queue, [
    {
      id: 'AwsSolutions-SQS3',
      reason: `This queue IS the dead-letter queue of ${consumer} (stream records that failed every retry); a dead-letter queue of a dead-letter queue would only move them again, and the ${watchedBy} alarm watches this one.`,
    },
  ]);
  return queue;
}

/**
 * Feeds `consumer` the table's stream as the twin's runner does (infra/local/stream/): the records
 * the filters pass, in batches, bisected on error, failed records reported, then the dead letters.
 */
export function consumeTableStream(
  consumer: ApiFunction,
  table: ITable,
  stream: { batchSize: number; filters: readonly StreamFilterPattern[] },
  deadLetters: Queue,
): void {
  consumer.fn.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: stream.batchSize,
      maxBatchingWindow: Duration.seconds(1),
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      retryAttempts: STREAM_RETRY.retryAttempts,
      maxRecordAge: STREAM_RETRY.maxRecordAge,
      onFailure: new SqsDlq(deadLetters),
      filters: stream.filters.map((pattern) => FilterCriteria.filter(pattern as Record<string, unknown>)),
    }),
  );
  NagSuppressions.addResourceSuppressions(
    consumer.role,
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
