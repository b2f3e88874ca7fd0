import type { SalesFigures } from '../../domain/orders/sales-contribution';
import { dayIndexOf, type SalesDay } from '../../domain/orders/sales-days';
import { decomposeRange, joinSpans, periodStart, type SalesSpan } from '../../domain/orders/sales-periods';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { addItemFigures } from './sales-items';

/**
 * The totals items of a range's runs of periods (lib/domain/orders/sales-periods.ts), for the shop or
 * one product: one Query per run, all at once, in one partition. Eventually consistent (half the
 * read units): a report may miss the last second's orders, which the stream consumer adds about that
 * late anyway. A year reads ~370 small items (~5 RCU), never an order.
 */
function readSalesItems(shopId: string, productId: string | undefined, spans: readonly SalesSpan[]) {
  const pk = keys.salesTotals(shopId, productId);
  return Promise.all(
    spans.map((span) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':first': keys.salesPeriod(shopId, productId, span.level, span.first).sk,
          ':last': keys.salesPeriod(shopId, productId, span.level, span.last).sk,
        },
      }),
    ),
  ).then((pages) => pages.flat());
}

/** The summed sales figures per currency of a range's runs of periods. */
export async function readSalesTotals(
  shopId: string,
  productId: string | undefined,
  spans: readonly SalesSpan[],
): Promise<Map<string, SalesFigures>> {
  const sums = new Map<string, SalesFigures>();
  for (const item of await readSalesItems(shopId, productId, spans)) addItemFigures(sums, item);
  return sums;
}

/**
 * The summed figures of each day (adjacent days, oldest first) and of them all: the days' runs
 * joined where they touch (Berlin's days are runs of hours, one Query for them all), each item added
 * to the day its period begins in (a day's runs lie inside it).
 */
export async function readSalesPerDay(
  shopId: string,
  productId: string | undefined,
  days: readonly SalesDay[],
): Promise<{ whole: Map<string, SalesFigures>; perDay: Map<string, SalesFigures>[] }> {
  const spans = joinSpans(days.flatMap((day) => decomposeRange(day.after, day.before)));
  const whole = new Map<string, SalesFigures>();
  const perDay = days.map(() => new Map<string, SalesFigures>());
  for (const item of await readSalesItems(shopId, productId, spans)) {
    // sk = `{level}#{period}` (keys.salesPeriod).
    const sums = perDay[dayIndexOf(days, periodStart(String(item.sk).slice(2)))];
    if (!sums) continue;
    addItemFigures(sums, item);
    addItemFigures(whole, item);
  }
  return { whole, perDay };
}
