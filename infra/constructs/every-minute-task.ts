import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ApiFunction } from './api-function';

export interface EveryMinuteTaskProps {
  shopId: string;
  table: ITable;
  logRetention: RetentionDays;
  logLevel: string;
  /** The handler module, relative to the repository root (infra/function-entries.ts). */
  entry: string;
  /** What the function does, and the rule's description (with the shop's id). */
  description: string;
  ruleDescription: string;
}

/**
 * A shop's housekeeping function run every minute by a schedule with `{shopId}` as its event, with
 * write access to the table. Its timeout is shorter than the period, so runs rarely overlap (the
 * tasks are safe when they do).
 */
export class EveryMinuteTask extends Construct {
  readonly worker: ApiFunction;

  constructor(scope: Construct, id: string, props: EveryMinuteTaskProps) {
    super(scope, id);
    this.worker = new ApiFunction(this, 'Worker', {
      entry: props.entry,
      description: props.description,
      environment: { TABLE_NAME: props.table.tableName, LOG_LEVEL: props.logLevel },
      table: props.table,
      access: 'write',
      logRetention: props.logRetention,
      memorySize: 512,
      timeout: Duration.seconds(50),
    });
    new Rule(this, 'EveryMinute', {
      description: props.ruleDescription,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [
        new LambdaFunction(this.worker.fn, {
          event: RuleTargetInput.fromObject({ shopId: props.shopId }),
          retryAttempts: 0,
        }),
      ],
    });
  }
}
