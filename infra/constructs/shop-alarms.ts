import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** CloudWatch's hard limit of metrics in one metric-math alarm. */
export const MAX_METRICS_PER_ALARM = 10;

const PERIOD = Duration.minutes(5);

export interface ShopAlarmsProps {
  api: HttpApi;
  functions: readonly IFunction[];
  table: Table;
  deadLetters: IQueue;
  /** The stream consumer: its iterator age shows events falling behind. */
  streamConsumer: IFunction;
  /** The sales tally (infra/constructs/sales-tally.ts): its dead letters and iterator age. */
  salesTally?: { deadLetters: IQueue; consumer: IFunction };
  webhooks?: { deadLetters: IQueue };
  alarmEmail: string | undefined;
}

/**
 * Alarms a merchant wants e-mailed: API 5xx rate, Lambda errors and throttles (summed over groups
 * of at most 10 functions, CloudWatch's metric-math limit; one alarm per function would take 100+
 * of the stack's 500 resources), DynamoDB system errors and throttling, events that could not be
 * published. All go to one SNS topic.
 */
export class ShopAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ShopAlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Shop API alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const period = { period: PERIOD, statistic: Stats.SUM };
    this.add('Api5xxRate', {
      description: 'More than 5% of API requests answered 5xx (at least 10 requests in 5 minutes)',
      metric: new MathExpression({
        expression: 'IF(requests >= 10, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.api.metricServerError(period),
          requests: props.api.metricCount(period),
        },
        period: PERIOD,
        label: 'API 5xx %',
      }),
      threshold: 5,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    chunks(props.functions, MAX_METRICS_PER_ALARM).forEach((group, i) => {
      const part = `${i * MAX_METRICS_PER_ALARM + 1}-${i * MAX_METRICS_PER_ALARM + group.length}`;
      this.add(`LambdaErrors${i + 1}`, {
        description: `Lambda errors (crashes, timeouts) in functions ${part} of ${props.functions.length}`,
        metric: sumOf(group.map((fn) => fn.metricErrors(period))),
        threshold: 1,
      });
      this.add(`LambdaThrottles${i + 1}`, {
        description: `Lambda throttles in functions ${part} of ${props.functions.length}`,
        metric: sumOf(group.map((fn) => fn.metricThrottles(period))),
        threshold: 1,
      });
    });

    this.add('TableSystemErrors', {
      description: 'DynamoDB answered 5xx to the functions',
      metric: props.table.metricSystemErrorsForOperations({
        ...period,
        operations: [
          Operation.GET_ITEM,
          Operation.BATCH_GET_ITEM,
          Operation.QUERY,
          Operation.PUT_ITEM,
          Operation.UPDATE_ITEM,
          Operation.DELETE_ITEM,
          Operation.BATCH_WRITE_ITEM,
          Operation.TRANSACT_WRITE_ITEMS,
          Operation.TRANSACT_GET_ITEMS,
        ],
      }),
      threshold: 1,
    });
    this.add('TableThrottles', {
      description:
        'DynamoDB throttled reads or writes (on-demand tables throttle above twice their previous peak)',
      metric: sumOf([
        props.table.metric('ReadThrottleEvents', period),
        props.table.metric('WriteThrottleEvents', period),
      ]),
      threshold: 10,
    });
    this.add('UnpublishedEvents', {
      description: 'Stream records that could not be published as domain events after all retries',
      metric: props.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: PERIOD,
        statistic: Stats.MAXIMUM,
      }),
      threshold: 1,
    });
    this.add('EventsBehind', {
      description: 'Domain events are more than 5 minutes behind the table',
      metric: props.streamConsumer.metric('IteratorAge', { period: PERIOD, statistic: Stats.MAXIMUM }),
      threshold: Duration.minutes(5).toMilliseconds(),
    });
    if (props.salesTally) {
      this.add('UntalliedSales', {
        description:
          'Order placements or rejections that could not be added to the sales totals after all retries',
        metric: props.salesTally.deadLetters.metricApproximateNumberOfMessagesVisible({
          period: PERIOD,
          statistic: Stats.MAXIMUM,
        }),
        threshold: 1,
      });
      this.add('SalesBehind', {
        description: 'The sales totals are more than 5 minutes behind the table',
        metric: props.salesTally.consumer.metric('IteratorAge', { period: PERIOD, statistic: Stats.MAXIMUM }),
        threshold: Duration.minutes(5).toMilliseconds(),
      });
    }
    if (props.webhooks) {
      this.add('UndeliveredWebhooks', {
        description: 'Webhook events or attempts the delivery function could not handle after 5 receives',
        metric: props.webhooks.deadLetters.metricApproximateNumberOfMessagesVisible({
          period: PERIOD,
          statistic: Stats.MAXIMUM,
        }),
        threshold: 1,
      });
    }
  }

  private add(
    id: string,
    props: {
      description: string;
      metric: IMetric;
      threshold: number;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
    },
  ) {
    const alarm = new Alarm(this, id, {
      alarmDescription: props.description,
      metric: props.metric,
      threshold: props.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: props.evaluationPeriods ?? 1,
      datapointsToAlarm: props.datapointsToAlarm ?? 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

/** One time series summing the metrics (missing data counts as 0). */
function sumOf(metrics: readonly IMetric[]): MathExpression {
  return new MathExpression({
    expression: 'SUM(FILL(METRICS(), 0))',
    usingMetrics: Object.fromEntries(metrics.map((m, i) => [`m${i}`, m])),
    period: PERIOD,
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
