import { keys } from '../keys';

/**
 * The series items are listed and counted in. Each series is one partition of a list index (gsi1
 * or gsi2), sorted by creation time, with its counters per period (lib/data/lists/periods.ts).
 * A list request reads one series or merges several (open carts with and without address data).
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
}

/** The kinds of listed items; each has its partition of items whose counters lag (gsi3). */
export type ListedKind = 'CART' | 'ORDER' | 'CUSTOMER';

export const series = {
  /** Open, unexpired carts with or without address data (GET /carts, hasAddressData). */
  carts: (withAddressData: boolean): Series => ({
    name: withAddressData ? 'CARTS#ADDRESS' : 'CARTS#NOADDRESS',
    index: 'gsi1',
    counted: true,
  }),
  /** Orders of the shop (GET /orders). */
  orders: { name: 'ORDERS', index: 'gsi1', counted: true } as Series,
  /** Orders of one customer (GET /orders?customerId=). */
  customerOrders: (customerId: string): Series => ({
    name: keys.seriesOf('CUSTOMER_ORDERS', customerId),
    index: 'gsi2',
    counted: false,
  }),
  /** Customers (GET /customers). */
  customers: { name: 'CUSTOMERS', index: 'gsi1', counted: true } as Series,
};

/** The series a GET /carts request reads: both, or those with or without address data. */
export function cartSeries(hasAddressData: boolean | undefined): Series[] {
  return hasAddressData === undefined
    ? [series.carts(true), series.carts(false)]
    : [series.carts(hasAddressData)];
}
