import type { FieldError } from '../errors';
import type { SalesRange } from './sales-range';

/**
 * The days of a per-day sales report (docs/orders.md "Sales per day"): the range cut at the
 * midnights of a time zone, so a merchant in Berlin gets Berlin's days. The first and last day are
 * clipped to the range. Pure; the zone's rules come from Intl (the runtime's time zone data).
 */

/** A quarter: a day's report reads at most 24 hour items per currency, so this bounds its cost. */
export const MAX_SALES_DAYS = 92;
const DAY_MS = 86_400_000;

export interface SalesDay {
  /** The local date, `2026-11-28`. */
  day: string;
  after: number;
  before: number;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Zone names are case-insensitive to Intl, so the requests' spellings are many: the cache stays small. */
const MAX_KEPT_FORMATS = 64;

/** A cached formatter of local dates and times in a zone (creating one costs more than using it). */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (dateFormats.size >= MAX_KEPT_FORMATS) dateFormats.clear();
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows the zone (an IANA name such as `Europe/Berlin`, or `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    formatIn(name);
    return true;
  } catch {
    return false;
  }
}

/** The local wall time at an instant, written as if it were UTC (epoch ms, whole seconds). */
function wallTime(at: number, timeZone: string): number {
  const part: Record<string, number> = {};
  for (const p of formatIn(timeZone).formatToParts(at)) part[p.type] = Number(p.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

function localDate(at: number, timeZone: string): string {
  return new Date(wallTime(at, timeZone)).toISOString().slice(0, 10);
}

/**
 * The first instant of a local date: its midnight, found from the zone's offset (asked twice, as the
 * offset at midnight may differ from the offset at the guess); where a clock change skips midnight,
 * the first quarter hour that has the date.
 */
function startOfDate(date: string, timeZone: string): number {
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  let at = midnight - (wallTime(midnight, timeZone) - midnight);
  at = midnight - (wallTime(at, timeZone) - at);
  while (localDate(at, timeZone) < date) at += 900_000;
  while (localDate(at - 900_000, timeZone) === date) at -= 900_000;
  return at;
}

/** The range's local days, oldest first, or the error when there are more than MAX_SALES_DAYS. */
export function salesDays(
  range: SalesRange,
  timeZone: string,
): { days: SalesDay[] } | { errors: FieldError[] } {
  const tooMany: FieldError = {
    field: 'createdBefore',
    message: `perDay covers at most ${MAX_SALES_DAYS} days: createdBefore must be at most ${MAX_SALES_DAYS} days after createdAfter`,
  };
  // Days of the range, so at most one more local date than that (a partial day at each end).
  if (range.before - range.after > MAX_SALES_DAYS * DAY_MS) return { errors: [tooMany] };
  const days: SalesDay[] = [];
  for (let start = range.after; start < range.before; ) {
    const day = localDate(start, timeZone);
    const next = startOfDate(
      new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10),
      timeZone,
    );
    days.push({ day, after: start, before: Math.min(next, range.before) });
    start = next;
  }
  return { days };
}

/** The index of the day holding an instant (days sorted and adjacent), or -1 outside them. */
export function dayIndexOf(days: readonly SalesDay[], at: number): number {
  let low = 0;
  let high = days.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const day = days[middle] as SalesDay;
    if (at < day.after) high = middle - 1;
    else if (at >= day.before) low = middle + 1;
    else return middle;
  }
  return -1;
}
