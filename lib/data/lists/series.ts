import { keys } from '../keys';
import { allBuckets, BUCKETS, bucketOf } from './buckets';

/**
 * The series items are listed and counted in. Each series is a partition of a list index (gsi1 or
 * gsi2), or a few write buckets of one (lib/data/lists/buckets.ts), sorted by creation time, with
 * its counters per period (lib/data/lists/periods.ts; counters are per series, not per bucket). A
 * list request merges the sorted keys of every bucket of the series it reads (open carts: with and
 * without address data).
 */
export interface Series {
  name: string;
  index: 'gsi1' | 'gsi2';
  /**
   * Whether the series has counters. One customer's orders have none: counting them reads the
   * customer's own index partition (keys only), a cost that follows the customer, not the shop,
   * and spares every order five counters more.
   */
  counted: boolean;
  /**
   * Write buckets the series is spread over (lib/data/lists/buckets.ts); 0 for a series that is
   * one partition named by the series alone (one customer's orders: a customer is not a hot spot).
   */
  buckets: number;
}

/** The kinds of listed items; each has its partition of items whose counters lag (gsi3). */
export type ListedKind = 'CART' | 'ORDER' | 'CUSTOMER';

export const series = {
  /** Open, unexpired carts with or without address data (GET /carts, hasAddressData). */
  carts: (withAddressData: boolean): Series => ({
    name: withAddressData ? 'CARTS#ADDRESS' : 'CARTS#NOADDRESS',
    index: 'gsi1',
    counted: true,
    buckets: BUCKETS.carts,
  }),
  /** Orders of the shop (GET /orders). */
  orders: { name: 'ORDERS', index: 'gsi1', counted: true, buckets: BUCKETS.orders } as Series,
  /** Orders of one customer (GET /orders?customerId=). */
  customerOrders: (customerId: string): Series => ({
    name: keys.seriesOf('CUSTOMER_ORDERS', customerId),
    index: 'gsi2',
    counted: false,
    buckets: 0,
  }),
  /** Customers (GET /customers). */
  customers: { name: 'CUSTOMERS', index: 'gsi1', counted: true, buckets: BUCKETS.customers } as Series,
};

/** The series a GET /carts request reads: both, or those with or without address data. */
export function cartSeries(hasAddressData: boolean | undefined): Series[] {
  return hasAddressData === undefined
    ? [series.carts(true), series.carts(false)]
    : [series.carts(hasAddressData)];
}

/** The index partitions of a series, one per bucket (just one for a series without buckets). */
export function seriesPartitions(shopId: string, one: Series): string[] {
  return one.buckets === 0
    ? [keys.listSeries(shopId, one.name)]
    : allBuckets(one.buckets).map((b) => keys.listSeries(shopId, one.name, b));
}

/** The index partition an item is listed under in a series. */
export function seriesPartitionOf(shopId: string, one: Series, itemPk: string): string {
  return one.buckets === 0
    ? keys.listSeries(shopId, one.name)
    : keys.listSeries(shopId, one.name, bucketOf(itemPk, one.buckets));
}
