import { keys } from '../keys';
import { allBuckets, BUCKETS, bucketOf } from './buckets';

/**
 * The series items are listed and counted in. Each series is a few write buckets of a partition of
 * the list index gsi1 (lib/data/lists/buckets.ts), sorted by creation time, with its counters per
 * period (lib/data/lists/periods.ts; counters are per series, not per bucket). A list request
 * merges the sorted keys of every bucket of the series it reads (open carts: with and without
 * address data). Orders are not here: one engine, the order index, answers every order list
 * (lib/data/orders/find-orders.ts).
 */
export interface Series {
  name: string;
  index: 'gsi1';
  /** Write buckets the series is spread over (lib/data/lists/buckets.ts). */
  buckets: number;
}

/** The kinds of listed items; each has its partition of items whose counters lag (gsi3). */
export type ListedKind = 'CART' | 'CUSTOMER';

export const series = {
  /** Open, unexpired carts with or without address data (GET /carts, hasAddressData). */
  carts: (withAddressData: boolean): Series => ({
    name: withAddressData ? 'CARTS#ADDRESS' : 'CARTS#NOADDRESS',
    index: 'gsi1',
    buckets: BUCKETS.carts,
  }),
  /** Customers (GET /customers). */
  customers: { name: 'CUSTOMERS', index: 'gsi1', buckets: BUCKETS.customers } as Series,
};

/** The series a GET /carts request reads: both, or those with or without address data. */
export function cartSeries(hasAddressData: boolean | undefined): Series[] {
  return hasAddressData === undefined
    ? [series.carts(true), series.carts(false)]
    : [series.carts(hasAddressData)];
}

/** The index partitions of a series, one per bucket. */
export function seriesPartitions(shopId: string, one: Series): string[] {
  return allBuckets(one.buckets).map((b) => keys.listSeries(shopId, one.name, b));
}

/** The index partition an item is listed under in a series. */
export function seriesPartitionOf(shopId: string, one: Series, itemPk: string): string {
  return keys.listSeries(shopId, one.name, bucketOf(itemPk, one.buckets));
}
