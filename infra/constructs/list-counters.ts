import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { FOLD_TALLIES_ENTRY } from '../function-entries';
import { ApiFunction } from './api-function';

export interface ListCountersProps {
  shopId: string;
  table: ITable;
  logRetention: RetentionDays;
  logLevel: string;
}

/**
 * Keeps the list counters current (lib/data/lists): a function folding the shop's changed list
 * items into the counters and deleting expired carts, run every minute by a schedule. A list
 * request stays exact without it (it corrects by what is not folded yet), but pays for every item
 * changed since the last fold, so the schedule keeps that to a minute's worth.
 */
export class ListCounters extends Construct {
  readonly folder: ApiFunction;

  constructor(scope: Construct, id: string, props: ListCountersProps) {
    super(scope, id);
    this.folder = new ApiFunction(this, 'Fold', {
      entry: FOLD_TALLIES_ENTRY,
      description: 'Folds changed list items into the list counters; deletes expired carts',
      environment: { TABLE_NAME: props.table.tableName, LOG_LEVEL: props.logLevel },
      table: props.table,
      access: 'write',
      logRetention: props.logRetention,
      memorySize: 512,
      // Shorter than the schedule's period, so runs rarely overlap (they may: the fold is safe).
      timeout: Duration.seconds(50),
    });
    new Rule(this, 'EveryMinute', {
      description: `Folds the list counters of shop ${props.shopId}`,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [
        new LambdaFunction(this.folder.fn, {
          event: RuleTargetInput.fromObject({ shopId: props.shopId }),
          retryAttempts: 0,
        }),
      ],
    });
  }
}
