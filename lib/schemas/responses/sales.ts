import * as z from '../zod';
import { CurrencyCode, Timestamp } from './common';

/** The sales report (docs/orders.md "Sales figures"): the range used and one entry per currency. */
export const SalesReport = z
  .strictObject({
    createdAfter: Timestamp,
    createdBefore: Timestamp,
    salesPerCurrency: z.array(
      z.strictObject({
        currency: CurrencyCode,
        totalGrossRevenue: z.number(),
        totalNetRevenue: z.number(),
        totalOrders: z.int(),
        /** With productId only: the summed quantity. */
        unitsSold: z.optional(z.number()),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'SalesReport' });
