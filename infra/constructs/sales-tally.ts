import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SALES_STREAM } from '../../functions/orders/sales-stream-filter';
import { SALES_TALLY_ENTRY } from '../function-entries';
import { ApiFunction } from './api-function';
import { consumeTableStream, streamDeadLetters } from './stream-consumer';

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
    this.deadLetters = streamDeadLetters(this, 'the sales tally', 'UntalliedSales');
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
    // The same patterns filter the twin's second runner (functions/orders/sales-stream-filter.ts).
    consumeTableStream(this.consumer, props.table, SALES_STREAM, this.deadLetters);
  }
}
