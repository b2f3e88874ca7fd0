import type { OrderTimestamp } from './order';

/**
 * Which orders a `GET /orders` query finds (docs/orders.md "Finding orders"), as pure functions:
 * the in-memory order index (lib/data/orders/order-index.ts) runs the compiled form, the unit tests
 * hold it against `orderMatches`.
 */

/** The status timestamps a query may filter on; bit i of an order's status bits is the i-th one set. */
export const FILTER_STATUSES = [
  'viewedOn',
  'pendingOn',
  'archivedOn',
  'rejectedOn',
  'closedOn',
  'dispatchedOn',
  'paidOn',
  'returnedOn',
  'deliveredOn',
  'invoicedOn',
] as const satisfies readonly OrderTimestamp[];
export type FilterStatus = (typeof FILTER_STATUSES)[number];

/** A query's filters; times are ISO 8601 UTC. Absent fields do not filter. */
export interface OrderFilter {
  /** true: that timestamp is set; false: it is null. */
  statuses?: Partial<Record<FilterStatus, boolean>>;
  customerId?: string;
  productId?: string;
  currency?: string;
  /** createdAfter ≤ creationDate ≤ createdBefore (both inclusive). */
  createdAfter?: string;
  createdBefore?: string;
  /** lastUpdatedOnDate ≥ it. */
  updatedFrom?: string;
}

/** newest first by creationDate, or by lastUpdatedOnDate (`lastUpdated=true`); ties by orderId, descending. */
export type OrderSort = 'created' | 'updated';

/** What a filter reads of an order. */
export interface OrderSummary {
  orderId: string;
  createdMs: number;
  updatedMs: number;
  statusBits: number;
  customerId: string;
  currency: string;
  productIds: readonly string[];
}

/** A filter made ready for a pass over many orders: statuses as a mask, times as ms. */
export interface CompiledFilter {
  /** Orders match when (statusBits & mask) === want. */
  mask: number;
  want: number;
  customerId?: string;
  productId?: string;
  currency?: string;
  createdFrom: number;
  createdTo: number;
  updatedFrom: number;
}

/** The status bits of an order's timestamps (lib/domain/orders/order.ts). */
export function statusBits(timestamps: Partial<Record<string, string | null>>): number {
  let bits = 0;
  FILTER_STATUSES.forEach((name, i) => {
    if (timestamps[name]) bits |= 1 << i;
  });
  return bits;
}

export function compileFilter(filter: OrderFilter): CompiledFilter {
  let mask = 0;
  let want = 0;
  FILTER_STATUSES.forEach((name, i) => {
    const wanted = filter.statuses?.[name];
    if (wanted === undefined) return;
    mask |= 1 << i;
    if (wanted) want |= 1 << i;
  });
  return {
    mask,
    want,
    customerId: filter.customerId,
    productId: filter.productId,
    currency: filter.currency,
    createdFrom: filter.createdAfter === undefined ? -Infinity : Date.parse(filter.createdAfter),
    createdTo: filter.createdBefore === undefined ? Infinity : Date.parse(filter.createdBefore),
    updatedFrom: filter.updatedFrom === undefined ? -Infinity : Date.parse(filter.updatedFrom),
  };
}

/** Whether one order is found by the filter (the reference the index is tested against). */
export function orderMatches(filter: CompiledFilter, order: OrderSummary): boolean {
  return (
    (order.statusBits & filter.mask) === filter.want &&
    (filter.customerId === undefined || order.customerId === filter.customerId) &&
    (filter.currency === undefined || order.currency === filter.currency) &&
    (filter.productId === undefined || order.productIds.includes(filter.productId)) &&
    order.createdMs >= filter.createdFrom &&
    order.createdMs <= filter.createdTo &&
    order.updatedMs >= filter.updatedFrom
  );
}

/**
 * What is wrong with a creation window, or undefined (docs/orders.md "Finding orders": both given,
 * in order and at most one year apart; one alone is open on the other side). A year is a calendar year in
 * UTC.
 */
export function creationWindowProblem(createdAfter?: string, createdBefore?: string): string | undefined {
  if (createdAfter === undefined || createdBefore === undefined) return undefined;
  if (createdAfter > createdBefore) return 'createdBefore must not be earlier than createdAfter';
  const yearLater = new Date(createdAfter);
  yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
  if (Date.parse(createdBefore) > yearLater.getTime())
    return 'createdAfter and createdBefore must be at most 1 year apart';
  return undefined;
}

/** The sort key of an order in a sort, as list cursors name it: `{ISO time}#{orderId}`. */
export function orderSortKey(ms: number, orderId: string): string {
  return `${new Date(ms).toISOString()}#${orderId}`;
}
