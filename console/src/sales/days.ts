/**
 * The home screen's sales figures, from one `GET /sales?perDay=true` over the last 30 days of the
 * browser's time zone: the API cuts the days at that zone's midnights (docs/orders.md "Sales per
 * day"), so today, 7 and 30 days and the chart come from the same answer.
 */

/** The days the home screen shows: today and the 29 before it. */
export const DAYS = 30;

/** The query of the last `days` local days up to the end of today (local midnights). */
export function salesQuery(now: Date, timeZone: string, days = DAYS) {
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { createdAfter: first.toISOString(), createdBefore: end.toISOString(), perDay: true, timeZone };
}

/** One currency's entry of a report, as the API answers it. */
interface CurrencyEntry {
  currency: string;
  totalGrossRevenue: number;
  totalOrders: number;
}

/** The part of the per-day report the home screen reads. */
export interface DailyReport {
  salesPerCurrency: CurrencyEntry[];
  salesPerDay?: { day: string; salesPerCurrency: CurrencyEntry[] }[];
}

/** A currency's three figures. */
export interface CurrencyTotals {
  currency: string;
  today: { gross: number; orders: number };
  week: { gross: number; orders: number };
  month: { gross: number; orders: number };
}

/** A currency's gross sales per day, oldest first (the chart). */
export interface CurrencySales {
  currency: string;
  perDay: number[];
}

/** The home screen's figures and chart from one report (a currency that sold nothing on a day: zero). */
export function homeSales(report: DailyReport): {
  days: string[];
  totals: CurrencyTotals[];
  series: CurrencySales[];
} {
  const days = report.salesPerDay ?? [];
  const currencies = report.salesPerCurrency.map((c) => c.currency);
  const entryOf = (entries: CurrencyEntry[], currency: string) =>
    entries.find((e) => e.currency === currency);
  const sumOf = (slice: typeof days, currency: string) => {
    let gross = 0;
    let orders = 0;
    for (const day of slice) {
      const entry = entryOf(day.salesPerCurrency, currency);
      gross += entry?.totalGrossRevenue ?? 0;
      orders += entry?.totalOrders ?? 0;
    }
    // Amounts are decimals of the currency's minor unit: the sum is rounded back to them (no float drift).
    return { gross: Math.round(gross * 1000) / 1000, orders };
  };
  return {
    days: days.map((d) => d.day),
    totals: currencies.map((currency) => {
      const month = entryOf(report.salesPerCurrency, currency);
      return {
        currency,
        today: sumOf(days.slice(-1), currency),
        week: sumOf(days.slice(-7), currency),
        month: { gross: month?.totalGrossRevenue ?? 0, orders: month?.totalOrders ?? 0 },
      };
    }),
    series: currencies.map((currency) => ({
      currency,
      perDay: days.map((day) => entryOf(day.salesPerCurrency, currency)?.totalGrossRevenue ?? 0),
    })),
  };
}
