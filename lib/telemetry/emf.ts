import {
  METRIC_DIMENSIONS as D,
  METRIC_NAMESPACE,
  METRIC_UNITS,
  type MetricName,
  type RouteMetric,
} from './metric-names';
import type { RequestTelemetry } from './request-telemetry';

/** What the metrics of one request are about. */
export interface RequestOutcome {
  /** The verified shop, or "-" for a caller that was not authenticated (bounds the dimension). */
  shopId: string;
  route: string;
  status: number;
  latencyMs: number;
}

/**
 * One request's metrics as CloudWatch Embedded Metric Format members, to merge into its log line:
 * CloudWatch turns the line into metrics itself, without an API call from the function. Each group
 * of metric-names.ts has its own dimension set, the one the dashboard reads: every request reports
 * latency, 4xx/5xx (0 or 1) and its DynamoDB calls and units by shopId and route; business counts,
 * by shopId, only when they happened; the order value by shopId and currency, as the exact decimal
 * of the order's minor units (converted to a number once, at the end).
 */
export function emfMembers(
  outcome: RequestOutcome,
  telemetry: RequestTelemetry,
  timestamp = Date.now(),
): Record<string, unknown> {
  const perRoute: [RouteMetric, number][] = [
    ['Latency', Math.round(outcome.latencyMs * 100) / 100],
    ['ClientErrors', outcome.status >= 400 && outcome.status < 500 ? 1 : 0],
    ['ServerErrors', outcome.status >= 500 ? 1 : 0],
    ['DynamoCalls', telemetry.dynamo.calls],
    ['ReadUnits', telemetry.dynamo.readUnits],
    ['WriteUnits', telemetry.dynamo.writeUnits],
  ];
  const directive = (dimensions: string[], names: MetricName[]) => ({
    Namespace: METRIC_NAMESPACE,
    Dimensions: [dimensions],
    Metrics: names.map((name) => ({ Name: name, Unit: METRIC_UNITS[name] })),
  });
  const directives = [
    directive(
      [D.shopId, D.route],
      perRoute.map(([name]) => name),
    ),
  ];
  const members: Record<string, unknown> = {
    [D.shopId]: outcome.shopId,
    [D.route]: outcome.route,
    ...Object.fromEntries(perRoute),
  };
  if (telemetry.counts.size > 0) {
    directives.push(directive([D.shopId], [...telemetry.counts.keys()]));
    Object.assign(members, Object.fromEntries(telemetry.counts));
  }
  const order = telemetry.orderValue;
  if (order) {
    directives.push(directive([D.shopId, D.currency], ['OrderValue']));
    members[D.currency] = order.currency;
    members.OrderValue = Number(order.decimal);
  }
  return { _aws: { Timestamp: timestamp, CloudWatchMetrics: directives }, ...members };
}
