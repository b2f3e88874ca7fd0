/**
 * Time periods of the list counters. A count is kept per period at four levels (year, month, day,
 * hour; each named by the prefix of an ISO 8601 UTC timestamp), so any hour-aligned time range is
 * the sum of a few counters: at most two runs of consecutive periods per level.
 */

export type Level = 'Y' | 'M' | 'D' | 'h' | 'm';

/** Levels from the coarsest, with the length of the ISO prefix that names a period. */
export const LEVELS: readonly { level: Level; prefix: number }[] = [
  { level: 'Y', prefix: 4 },
  { level: 'M', prefix: 7 },
  { level: 'D', prefix: 10 },
  { level: 'h', prefix: 13 },
];

/**
 * Minutes are counted for the recent past only: their counters expire (TTL) after RECENT_MS and an
 * hour's minutes are read only while it lies within RECENT_USE_MS, so an hour of a busy shop is
 * never read key by key to find where a deep page starts.
 */
export const MINUTES = { level: 'm' as const, prefix: 16, separator: ':' };
export const RECENT_MS = 48 * 3_600_000;
export const RECENT_USE_MS = 46 * 3_600_000;

/** The name length of a level's periods. */
export function prefixOf(level: Level): number {
  return level === 'm' ? MINUTES.prefix : (LEVELS.find((l) => l.level === level)?.prefix ?? 13);
}

/** The next finer level and the text that follows a period's name in its children's names. */
export const CHILD_LEVEL: Partial<Record<Level, { level: Level; separator: string }>> = {
  Y: { level: 'M', separator: '-' },
  M: { level: 'D', separator: '-' },
  D: { level: 'h', separator: 'T' },
  h: { level: 'm', separator: MINUTES.separator },
};

/** A run of consecutive periods of one level, named by the first and last prefix (inclusive). */
export interface PeriodRun {
  level: Level;
  first: string;
  last: string;
}

const HOUR = 3_600_000;
/** The edges of time the API deals in (request dates are refused outside the years 0000-9999). */
export const BEGINNING = Date.parse('0000-01-01T00:00:00.000Z');
export const END = Date.parse('9999-12-31T23:00:00.000Z') + HOUR;

/**
 * The periods a creation time counts in, one per level ("2026", "2026-11", ...), its minute too
 * when it lies within RECENT_MS of `now`, with the moment (epoch s) that minute's counter expires.
 */
export function periodsOf(iso: string, now: number): { level: Level; period: string; expiresAt?: number }[] {
  const periods: { level: Level; period: string; expiresAt?: number }[] = LEVELS.map(({ level, prefix }) => ({
    level,
    period: iso.slice(0, prefix),
  }));
  const at = Date.parse(iso);
  if (at >= now - RECENT_MS)
    periods.push({
      level: 'm',
      period: iso.slice(0, MINUTES.prefix),
      expiresAt: Math.ceil((at + RECENT_MS) / 1000) + 3600,
    });
  return periods;
}

export function floorHour(ms: number): number {
  return Math.floor(ms / HOUR) * HOUR;
}

export function ceilHour(ms: number): number {
  return Math.ceil(ms / HOUR) * HOUR;
}

/** The start (ms) of the period a prefix names ("2026-11" → 2026-11-01T00:00Z). */
export function periodStart(period: string): number {
  return Date.parse(`${period}${'0000-01-01T00:00:00.000Z'.slice(period.length)}`);
}

/** The end (ms, exclusive) of the period a prefix names. */
export function periodEnd(period: string): number {
  if (period.length === MINUTES.prefix) return periodStart(period) + 60_000;
  const level = LEVELS.find((l) => l.prefix === period.length)?.level ?? 'h';
  return nextStart(periodStart(period), level);
}

/** The start of the period after the one of `level` that starts at `ms`. */
function nextStart(ms: number, level: Level): number {
  const d = new Date(ms);
  const [y, mo, day, h] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours()];
  const at = (...parts: [number, number, number, number]) => {
    const next = new Date(0);
    next.setUTCFullYear(parts[0], parts[1], parts[2]);
    next.setUTCHours(parts[3], 0, 0, 0);
    return next.getTime();
  };
  switch (level) {
    case 'Y':
      return at(y + 1, 0, 1, 0);
    case 'M':
      return at(y, mo + 1, 1, 0);
    case 'D':
      return at(y, mo, day + 1, 0);
    default:
      return at(y, mo, day, h + 1);
  }
}

/** Whether `ms` is the start of a period of `level`. */
function startsPeriod(ms: number, level: Level): boolean {
  const iso = new Date(ms).toISOString();
  const prefix = LEVELS.find((l) => l.level === level)?.prefix ?? 13;
  return periodStart(iso.slice(0, prefix)) === ms;
}

/**
 * The runs of whole periods that exactly cover [from, to) (hour-aligned, within BEGINNING..END):
 * always the coarsest period that fits, so at most two runs per level.
 */
export function periodRuns(from: number, to: number): PeriodRun[] {
  const runs: PeriodRun[] = [];
  let at = from;
  while (at < to) {
    const fit = LEVELS.find(({ level }) => startsPeriod(at, level) && nextStart(at, level) <= to);
    if (!fit) throw new RangeError(`${new Date(at).toISOString()} is not hour-aligned`);
    const period = new Date(at).toISOString().slice(0, fit.prefix);
    // Whole years go in one step (an open range spans ten thousand of them); the finer levels
    // take at most a few dozen steps a side.
    const next = fit.level === 'Y' ? lastWholeYearEnd(at, to) : nextStart(at, fit.level);
    const last = fit.level === 'Y' ? new Date(next - 1).toISOString().slice(0, 4) : period;
    const open = runs.at(-1);
    if (open?.level === fit.level) open.last = last;
    else runs.push({ level: fit.level, first: period, last });
    at = next;
  }
  return runs;
}

/** The end of the last whole year in [from, to), from being the start of a year that fits. */
function lastWholeYearEnd(from: number, to: number): number {
  const startOfYear = (year: number) => {
    const d = new Date(0);
    d.setUTCFullYear(year, 0, 1);
    return d.getTime();
  };
  const year = new Date(to).getUTCFullYear();
  return startOfYear(year) <= to && startOfYear(year) > from ? startOfYear(year) : startOfYear(year + 1);
}
