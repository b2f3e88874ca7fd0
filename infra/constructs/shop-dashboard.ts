import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  type CfnDashboard,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  SearchExpression,
  Stats,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { METRIC_DIMENSIONS, METRIC_NAMES, METRIC_NAMESPACE } from '../../lib/telemetry/metric-names';

/** Graph resolution: one point a minute ("orders per minute"). */
const PERIOD = Duration.minutes(1);
/** Routes shown in a per-route graph: the top few by the widget's statistic. */
const TOP_ROUTES = 10;
const WIDTH = 8;
const HEIGHT = 6;

export interface ShopDashboardProps {
  shopId: string;
  dashboardName: string;
  api: HttpApi;
  functions: readonly IFunction[];
  table: Table;
}

/**
 * The shop's CloudWatch dashboard: traffic, errors and latency of the HTTP API; the business
 * metrics the functions write as EMF (metric-names.ts); Lambda errors, throttles and duration over
 * all functions; DynamoDB capacity and throttles; and per-route latency, errors and capacity.
 */
export class ShopDashboard extends Construct {
  readonly dashboard: Dashboard;
  /** Opens the dashboard in the CloudWatch console of the stack's region. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: ShopDashboardProps) {
    super(scope, id);
    const { api, table, functions } = props;
    const shopMetric = (metricName: string, label: string) =>
      new Metric({
        namespace: METRIC_NAMESPACE,
        metricName,
        dimensionsMap: { [METRIC_DIMENSIONS.shopId]: props.shopId },
        statistic: Stats.SUM,
        period: PERIOD,
        label,
      });
    /** One line per value of the extra dimension (route or currency), top N by the statistic. */
    const search = (dimension: string, metricName: string, statistic: string, label: string) =>
      new SearchExpression({
        expression: `SORT(SEARCH('{${METRIC_NAMESPACE},${METRIC_DIMENSIONS.shopId},${dimension}} MetricName="${metricName}" ${METRIC_DIMENSIONS.shopId}="${props.shopId}"', '${statistic}', ${PERIOD.toSeconds()}), MAX, DESC, ${TOP_ROUTES})`,
        label,
        period: PERIOD,
      });
    const perRoute = (metricName: string, statistic: string) =>
      search(METRIC_DIMENSIONS.route, metricName, statistic, '');
    /**
     * One line over every function: `fold` (SUM, MAX, AVG) of the functions' metrics; a sum counts
     * an idle function as 0, a maximum or an average leaves it out. `key` names its hidden metrics:
     * ids are unique per graph, and METRICS('key') takes only this line's (plain METRICS() would
     * take every metric of the graph).
     */
    const overFunctions = (key: string, fold: string, label: string, metric: (fn: IFunction) => IMetric) =>
      new MathExpression({
        expression: fold === 'SUM' ? `SUM(FILL(METRICS('${key}'), 0))` : `${fold}(METRICS('${key}'))`,
        usingMetrics: Object.fromEntries(functions.map((fn, i) => [`${key}${i}`, metric(fn)])),
        label,
        period: PERIOD,
      });
    const graph = (title: string, left: IMetric[], right: IMetric[] = [], leftLabel?: string) =>
      new GraphWidget({
        title,
        left,
        right,
        width: WIDTH,
        height: HEIGHT,
        ...(leftLabel ? { leftYAxis: { label: leftLabel, showUnits: false } } : {}),
      });
    const apiMetric = { period: PERIOD };

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: props.dashboardName,
      defaultInterval: Duration.hours(3),
      widgets: [
        [
          new TextWidget({
            markdown: `# Shop ${props.shopId}\nHTTP API, functions and table of stack ${Stack.of(this).stackName}. Business and per-route metrics: namespace \`${METRIC_NAMESPACE}\`, written by the functions (EMF). Alarms e-mail separately.`,
            width: 24,
            height: 2,
          }),
        ],
        [
          graph('Requests', [api.metricCount({ ...apiMetric, statistic: Stats.SUM, label: 'Requests' })]),
          graph('Errors (4xx, 5xx)', [
            api.metricClientError({ ...apiMetric, label: '4xx' }),
            api.metricServerError({ ...apiMetric, label: '5xx' }),
          ]),
          graph(
            'Latency (API Gateway, ms)',
            [
              api.metricLatency({ ...apiMetric, statistic: Stats.p(50), label: 'p50' }),
              api.metricLatency({ ...apiMetric, statistic: Stats.p(99), label: 'p99' }),
            ],
            [
              api.metricIntegrationLatency({
                ...apiMetric,
                statistic: Stats.p(99),
                label: 'integration p99',
              }),
            ],
          ),
        ],
        [
          graph(
            'Orders per minute',
            [shopMetric(METRIC_NAMES.shop.OrdersPlaced, 'Orders placed')],
            [shopMetric(METRIC_NAMES.shop.CartsCreated, 'Carts created')],
          ),
          graph('Order value per minute (in the currency)', [
            search(METRIC_DIMENSIONS.currency, METRIC_NAMES.currency.OrderValue, Stats.SUM, ''),
          ]),
          graph('Coupons and rate limit', [
            shopMetric(METRIC_NAMES.shop.CouponsRedeemed, 'Coupons redeemed'),
            shopMetric(METRIC_NAMES.shop.RateLimitRefusals, 'Rate-limit refusals (429)'),
          ]),
        ],
        [
          graph('Lambda errors and throttles (all functions)', [
            overFunctions('errors', 'SUM', 'Errors', (fn) =>
              fn.metricErrors({ period: PERIOD, statistic: Stats.SUM }),
            ),
            overFunctions('throttles', 'SUM', 'Throttles', (fn) =>
              fn.metricThrottles({ period: PERIOD, statistic: Stats.SUM }),
            ),
          ]),
          graph('Lambda duration (ms)', [
            overFunctions('slowest', 'MAX', 'p99 of the slowest function', (fn) =>
              fn.metricDuration({ period: PERIOD, statistic: Stats.p(99) }),
            ),
            overFunctions('median', 'AVG', 'p50, average over functions', (fn) =>
              fn.metricDuration({ period: PERIOD, statistic: Stats.p(50) }),
            ),
          ]),
          graph(
            'DynamoDB capacity and throttles',
            [
              table.metricConsumedReadCapacityUnits({ period: PERIOD, label: 'Read units' }),
              table.metricConsumedWriteCapacityUnits({ period: PERIOD, label: 'Write units' }),
            ],
            [
              table.metric('ReadThrottleEvents', {
                period: PERIOD,
                statistic: Stats.SUM,
                label: 'Read throttles',
              }),
              table.metric('WriteThrottleEvents', {
                period: PERIOD,
                statistic: Stats.SUM,
                label: 'Write throttles',
              }),
            ],
          ),
        ],
        [
          graph(`Latency p99 by route (top ${TOP_ROUTES}, ms)`, [
            perRoute(METRIC_NAMES.route.Latency, Stats.p(99)),
          ]),
          graph(`Server errors by route (top ${TOP_ROUTES})`, [
            perRoute(METRIC_NAMES.route.ServerErrors, Stats.SUM),
          ]),
          graph(`Client errors by route (top ${TOP_ROUTES})`, [
            perRoute(METRIC_NAMES.route.ClientErrors, Stats.SUM),
          ]),
        ],
        [
          graph(`DynamoDB calls by route (top ${TOP_ROUTES})`, [
            perRoute(METRIC_NAMES.route.DynamoCalls, Stats.SUM),
          ]),
          graph(`Read units by route (top ${TOP_ROUTES})`, [
            perRoute(METRIC_NAMES.route.ReadUnits, Stats.SUM),
          ]),
          graph(`Write units by route (top ${TOP_ROUTES})`, [
            perRoute(METRIC_NAMES.route.WriteUnits, Stats.SUM),
          ]),
        ],
      ],
    });
    // cfn-lint 1.51 (the machine image's) predates Tags on AWS::CloudWatch::Dashboard, which the
    // CloudFormation schema of aws-cdk-lib 2.276 has: its E3002 on the stack's `shop` tag is stale.
    (this.dashboard.node.defaultChild as CfnDashboard).addMetadata('cfn-lint', {
      config: { ignore_checks: ['E3002'] },
    });
    const { region } = Stack.of(this);
    this.url = `https://${region}.console.aws.amazon.com/cloudwatch/home?region=${region}#dashboards:name=${props.dashboardName}`;
  }
}
