import { readSalesPerDay, readSalesTotals } from '../../lib/data/orders/sales-reads';
import { isTimeZone, salesDays } from '../../lib/domain/orders/sales-days';
import { decomposeRange } from '../../lib/domain/orders/sales-periods';
import { type SalesRange, salesRange } from '../../lib/domain/orders/sales-range';
import { salesPerCurrency } from '../../lib/domain/orders/sales-report';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { GetSalesQuery } from '../../lib/schemas/sales';

const iso = (at: number) => new Date(at).toISOString();

/**
 * GET /{shopId}/sales (orders_read; docs/orders.md "Sales figures"): the figures of the orders
 * created in the range and not rejected, per currency, from the totals the sales tally keeps: at
 * most 9 small Queries, whatever the shop sells. `perDay=true` adds each day of `timeZone` from the
 * same kind of reads (docs/orders.md "Sales per day").
 */
export const handler = endpoint(routes.getSales, { path: ShopPath, query: GetSalesQuery }, async (req) => {
  const { query } = req;
  const resolved = salesRange(query, Date.now());
  if ('errors' in resolved) throw new BadRequest('Invalid request', resolved.errors);
  const { range } = resolved;
  const withUnits = query.productId !== undefined;
  const report = { createdAfter: iso(range.after), createdBefore: iso(range.before) };
  if (!query.perDay) {
    if (query.timeZone !== undefined)
      throw new BadRequest('Invalid request', [{ field: 'timeZone', message: 'timeZone needs perDay=true' }]);
    const sums = await readSalesTotals(
      req.shopId,
      query.productId,
      decomposeRange(range.after, range.before),
    );
    return ok({ ...report, salesPerCurrency: salesPerCurrency(sums, withUnits) }, NO_STORE);
  }
  return ok(
    { ...report, ...(await perDayReport(req.shopId, query.productId, range, query.timeZone)) },
    NO_STORE,
  );
});

/** The whole range's figures and each day's, from one read of the days' periods. */
async function perDayReport(
  shopId: string,
  productId: string | undefined,
  range: SalesRange,
  timeZone = 'UTC',
) {
  if (!isTimeZone(timeZone))
    throw new BadRequest('Invalid request', [
      { field: 'timeZone', message: 'expected an IANA time zone name such as Europe/Berlin' },
    ]);
  const cut = salesDays(range, timeZone);
  if ('errors' in cut) throw new BadRequest('Invalid request', cut.errors);
  const { whole, perDay } = await readSalesPerDay(shopId, productId, cut.days);
  const withUnits = productId !== undefined;
  return {
    salesPerCurrency: salesPerCurrency(whole, withUnits),
    timeZone,
    salesPerDay: cut.days.map((day, i) => ({
      day: day.day,
      createdAfter: iso(day.after),
      createdBefore: iso(day.before),
      salesPerCurrency: salesPerCurrency(perDay[i] ?? new Map(), withUnits),
    })),
  };
}
