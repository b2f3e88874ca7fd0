/**
 * The home screen's sales figures. `GET /sales` sums one range per call: the three figures (today,
 * 7 and 30 days) are three calls, shown first; the chart asks once per day (the API keeps daily
 * totals: each call costs about one read) and draws the days per currency.
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

/** The three periods of the figures, each one range ending with today (local midnights). */
export function periodRanges(now: Date): { today: DayRange; week: DayRange; month: DayRange } {
  const days = dayRanges(now, 30);
  const last = days[days.length - 1] as DayRange;
  const from = (day: DayRange): DayRange => ({ ...day, createdBefore: last.createdBefore });
  return { today: last, week: from(days[days.length - 7] as DayRange), month: from(days[0] as DayRange) };
}

/** A currency's three figures. */
export interface CurrencyTotals {
  currency: string;
  today: { gross: number; orders: number };
  week: { gross: number; orders: number };
  month: { gross: number; orders: number };
}

/** The three periods' answers side by side per currency (a currency absent from a period: zero). */
export function periodTotals(periods: {
  today: DaySales[];
  week: DaySales[];
  month: DaySales[];
}): CurrencyTotals[] {
  const currencies = [
    ...new Set([...periods.today, ...periods.week, ...periods.month].map((d) => d.currency)),
  ].sort();
  const pick = (list: DaySales[], currency: string) => {
    const found = list.find((d) => d.currency === currency);
    return { gross: found?.gross ?? 0, orders: found?.orders ?? 0 };
  };
  return currencies.map((currency) => ({
    currency,
    today: pick(periods.today, currency),
    week: pick(periods.week, currency),
    month: pick(periods.month, currency),
  }));
}

/** One day's answer, reduced to what the home screen shows. */
export interface DaySales {
  currency: string;
  gross: number;
  orders: number;
}

/** A currency's gross sales per day, oldest first (the chart). */
export interface CurrencySales {
  currency: string;
  perDay: number[];
}

/** The per-day answers (`days[i]` = the currencies of day i, oldest first) as one series per currency. */
export function summarize(days: DaySales[][]): CurrencySales[] {
  const currencies = [...new Set(days.flat().map((d) => d.currency))].sort();
  return currencies.map((currency) => ({
    currency,
    perDay: days.map((day) => day.find((d) => d.currency === currency)?.gross ?? 0),
  }));
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
