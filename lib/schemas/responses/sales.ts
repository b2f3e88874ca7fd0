import * as z from '../zod';
import { CurrencyCode, Timestamp } from './common';

const SalesPerCurrency = z.array(
  z.strictObject({
    currency: CurrencyCode,
    totalGrossRevenue: z.number(),
    totalNetRevenue: z.number(),
    totalOrders: z.int(),
    /** With productId only: the summed quantity. */
    unitsSold: z.optional(z.number()),
  }),
);

/**
 * The sales report (docs/orders.md "Sales figures"): the range used and one entry per currency; with
 * `perDay=true` also the time zone and each of its days in the range (the first and last clipped).
 */
export const SalesReport = z
  .strictObject({
    createdAfter: Timestamp,
    createdBefore: Timestamp,
    salesPerCurrency: SalesPerCurrency,
    timeZone: z.optional(z.string()),
    salesPerDay: z.optional(
      z.array(
        z.strictObject({
          day: z.iso.date(),
          createdAfter: Timestamp,
          createdBefore: Timestamp,
          salesPerCurrency: SalesPerCurrency,
        }),
      ),
    ),
  })
  .register(z.globalRegistry, { id: 'SalesReport' });
