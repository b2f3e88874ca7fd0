/**
 * The business and per-route metrics the functions write as CloudWatch Embedded Metric Format
 * (EMF) log lines, and the dashboard reads. The two sides must agree on every string here:
 * namespace, metric names and dimension sets (an EMF metric is one CloudWatch metric per exact
 * set of dimensions, so a dashboard asking for {shopId} never sees what was written with
 * {shopId, route}).
 */

/** CloudWatch namespace of every EMF metric of the API. */
export const METRIC_NAMESPACE = 'ShopApi';

/** Dimension names. */
export const METRIC_DIMENSIONS = { shopId: 'shopId', route: 'route', currency: 'currency' } as const;

/**
 * Metric names, grouped by the dimension set they are written with:
 * - `shop`: dimensions {shopId} (one series per shop);
 * - `route`: dimensions {shopId, route}, `route` = the route's name in lib/routes.ts (e.g. `createCart`);
 * - `currency`: dimensions {shopId, currency}, `currency` = ISO 4217 code; the value is the exact
 *   amount in the currency's major unit (26.35), as CloudWatch shows it.
 */
export const METRIC_NAMES = {
  shop: {
    /** Count, 1 per order placed (checkout). */
    OrdersPlaced: 'OrdersPlaced',
    /** Count, 1 per cart created. */
    CartsCreated: 'CartsCreated',
    /** Count, 1 per coupon redeemed by an order. */
    CouponsRedeemed: 'CouponsRedeemed',
    /** Count, 1 per request refused by the per-token rate limit (429). */
    RateLimitRefusals: 'RateLimitRefusals',
  },
  route: {
    /** Milliseconds from the handler's start to its response. */
    Latency: 'Latency',
    /** Count, 1 per 4xx answer. */
    ClientErrors: 'ClientErrors',
    /** Count, 1 per 5xx answer. */
    ServerErrors: 'ServerErrors',
    /** Count of DynamoDB calls of one request. */
    DynamoCalls: 'DynamoCalls',
    /** DynamoDB read capacity units consumed by one request. */
    ReadUnits: 'ReadUnits',
    /** DynamoDB write capacity units consumed by one request. */
    WriteUnits: 'WriteUnits',
  },
  currency: {
    /** The grand total of an order placed, in the currency (26.35). */
    OrderValue: 'OrderValue',
  },
} as const;

export type ShopMetric = keyof typeof METRIC_NAMES.shop;
export type RouteMetric = keyof typeof METRIC_NAMES.route;
export type MetricName = ShopMetric | RouteMetric | keyof typeof METRIC_NAMES.currency;

/** The CloudWatch unit of each metric. */
export const METRIC_UNITS: Record<MetricName, 'Milliseconds' | 'Count' | 'None'> = {
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
};
