/**
 * The home screen's sales figures. `GET /sales` sums one range per call, so the console asks once
 * per day (the API keeps daily totals: each call costs about one read) and adds the days up into
 * today, 7 and 30 days, per currency.
 */

/** One day in the browser's time zone, as the half-open range `GET /sales` takes. */
export interface DayRange {
  start: Date;
  createdAfter: string;
  createdBefore: string;
}

/** The last `count` days up to and including today (local midnights), oldest first. */
export function dayRanges(now: Date, count: number): DayRange[] {
  const days: DayRange[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back + 1);
    days.push({ start, createdAfter: start.toISOString(), createdBefore: end.toISOString() });
  }
  return days;
}

/** One day's answer, reduced to what the home screen shows. */
export interface DaySales {
  currency: string;
  gross: number;
  orders: number;
}

/** A currency's figures: per day (oldest first) and the three totals. */
export interface CurrencySales {
  currency: string;
  perDay: number[];
  today: { gross: number; orders: number };
  week: { gross: number; orders: number };
  month: { gross: number; orders: number };
}

/**
 * Adds up the per-day answers (`days[i]` = the currencies of day i, oldest first) per currency;
 * sums are taken in minor units (cents) so floating point does not drift over 30 days.
 */
export function summarize(days: DaySales[][]): CurrencySales[] {
  const currencies = [...new Set(days.flat().map((d) => d.currency))].sort();
  return currencies.map((currency) => {
    const cents = days.map((day) => Math.round((day.find((d) => d.currency === currency)?.gross ?? 0) * 100));
    const orders = days.map((day) => day.find((d) => d.currency === currency)?.orders ?? 0);
    const total = (from: number) => ({
      gross: cents.slice(from).reduce((a, b) => a + b, 0) / 100,
      orders: orders.slice(from).reduce((a, b) => a + b, 0),
    });
    return {
      currency,
      perDay: cents.map((c) => c / 100),
      today: total(days.length - 1),
      week: total(Math.max(0, days.length - 7)),
      month: total(0),
    };
  });
}

/** Runs `task` over `items` with at most `limit` at a time, keeping their order. */
export async function mapLimited<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
