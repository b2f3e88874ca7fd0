import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { SALES_STREAM } from '../../functions/orders/sales-stream-filter';
import { SALES_TALLY_ENTRY } from '../function-entries';
import { ApiFunction } from './api-function';
import { STREAM_RETRY } from './event-publisher';

export interface SalesTallyProps {
  table: ITable;
  logRetention: RetentionDays;
  logLevel: string;
}

/**
 * The sales totals GET /sales reads (docs/orders.md "Sales figures"), kept from the table's stream
 * by a consumer of its own: a second event source mapping, filtered to order placements and
 * rejections, with the events' retry settings (batch item failures, bisecting, STREAM_RETRY) and
 * its own dead-letter queue. It only writes: markers (PutItem) and totals (UpdateItem), in
 * transactions, on the table alone (no index, no read).
 */
export class SalesTally extends Construct {
  readonly consumer: ApiFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: SalesTallyProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    NagSuppressions.addResourceSuppressions(this.deadLetters, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          'This queue IS the dead-letter queue of the sales tally (stream records that failed every retry); the UntalliedSales alarm watches it.',
      },
    ]);
    this.consumer = new ApiFunction(this, 'Tally', {
      entry: SALES_TALLY_ENTRY,
      description: 'Keeps the sales totals (GET /sales) from the table stream',
      environment: { TABLE_NAME: props.table.tableName, LOG_LEVEL: props.logLevel },
      access: 'none',
      logRetention: props.logRetention,
      memorySize: 512,
      timeout: Duration.seconds(30),
    });
    this.consumer.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [props.table.tableArn],
      }),
    );
    this.consumer.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: SALES_STREAM.batchSize,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: STREAM_RETRY.retryAttempts,
        maxRecordAge: STREAM_RETRY.maxRecordAge,
        onFailure: new SqsDlq(this.deadLetters),
        // The same patterns filter the twin's second runner (functions/orders/sales-stream-filter.ts).
        filters: SALES_STREAM.filters.map((pattern) =>
          FilterCriteria.filter(pattern as Record<string, unknown>),
        ),
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
