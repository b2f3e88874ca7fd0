import type { RequestTelemetry } from './request-telemetry';

/** The CloudWatch namespace of every metric (the dashboard reads it). */
export const METRIC_NAMESPACE = 'ShopApi';

/** Metric names and units; the dashboard is built from these exact names. */
export const METRICS = {
  Latency: 'Milliseconds',
  ClientErrors: 'Count',
  ServerErrors: 'Count',
  DynamoCalls: 'Count',
  ReadUnits: 'Count',
  WriteUnits: 'Count',
  CartsCreated: 'Count',
  OrdersPlaced: 'Count',
  CouponsRedeemed: 'Count',
  RateLimitRefusals: 'Count',
  OrderValue: 'None',
} as const;

export type MetricName = keyof typeof METRICS;

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
 * CloudWatch turns the line into metrics itself, without an API call from the function. Every
 * request reports latency, 4xx/5xx (0 or 1) and its DynamoDB calls and units by shopId and route;
 * business counts only when they happened; the order value also by currency, as the exact decimal
 * of the order's minor units (converted to a number once, at the end).
 */
export function emfMembers(
  outcome: RequestOutcome,
  telemetry: RequestTelemetry,
  timestamp = Date.now(),
): Record<string, unknown> {
  const values: [MetricName, number][] = [
    ['Latency', Math.round(outcome.latencyMs * 100) / 100],
    ['ClientErrors', outcome.status >= 400 && outcome.status < 500 ? 1 : 0],
    ['ServerErrors', outcome.status >= 500 ? 1 : 0],
    ['DynamoCalls', telemetry.dynamo.calls],
    ['ReadUnits', telemetry.dynamo.readUnits],
    ['WriteUnits', telemetry.dynamo.writeUnits],
    ...telemetry.counts,
  ];
  const directives = [
    {
      Namespace: METRIC_NAMESPACE,
      Dimensions: [['shopId', 'route']],
      Metrics: values.map(([name]) => ({ Name: name, Unit: METRICS[name] })),
    },
  ];
  const members: Record<string, unknown> = {
    shopId: outcome.shopId,
    route: outcome.route,
    ...Object.fromEntries(values),
  };
  const order = telemetry.orderValue;
  if (order) {
    directives.push({
      Namespace: METRIC_NAMESPACE,
      Dimensions: [['shopId', 'route', 'currency']],
      Metrics: [{ Name: 'OrderValue', Unit: METRICS.OrderValue }],
    });
    members.currency = order.currency;
    members.OrderValue = Number(order.decimal);
  }
  return { _aws: { Timestamp: timestamp, CloudWatchMetrics: directives }, ...members };
}
