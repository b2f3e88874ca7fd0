/**
 * Time periods of the list counters. A count is kept per period at five levels (year, month, day,
 * hour, minute; each named by the prefix of an ISO 8601 UTC timestamp), so any minute-aligned time
 * range is the sum of a few counters: at most two runs of consecutive periods per level.
 */

export type Level = 'Y' | 'M' | 'D' | 'h' | 'm';

/** Levels from the coarsest, with the length of the ISO prefix that names a period. */
export const LEVELS: readonly { level: Level; prefix: number }[] = [
  { level: 'Y', prefix: 4 },
  { level: 'M', prefix: 7 },
  { level: 'D', prefix: 10 },
  { level: 'h', prefix: 13 },
  { level: 'm', prefix: 16 },
];

/** A run of consecutive periods of one level, named by the first and last prefix (inclusive). */
export interface PeriodRun {
  level: Level;
  first: string;
  last: string;
}

const MINUTE = 60_000;
/** The edges of time the API deals in (request dates are refused outside the years 0000-9999). */
export const BEGINNING = Date.parse('0000-01-01T00:00:00.000Z');
export const END = Date.parse('9999-12-31T23:59:00.000Z') + MINUTE;

/** The periods a creation time counts in, one per level ("2026", "2026-11", ...). */
export function periodsOf(iso: string): { level: Level; period: string }[] {
  return LEVELS.map(({ level, prefix }) => ({ level, period: iso.slice(0, prefix) }));
}

export function floorMinute(ms: number): number {
  return Math.floor(ms / MINUTE) * MINUTE;
}

export function ceilMinute(ms: number): number {
  return Math.ceil(ms / MINUTE) * MINUTE;
}

/** The start of the period after the one of `level` that starts at `ms`. */
function nextStart(ms: number, level: Level): number {
  const d = new Date(ms);
  const [y, mo, day, h, mi] = [
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  ];
  const at = (...parts: [number, number, number, number, number]) => {
    const next = new Date(0);
    next.setUTCFullYear(parts[0], parts[1], parts[2]);
    next.setUTCHours(parts[3], parts[4], 0, 0);
    return next.getTime();
  };
  switch (level) {
    case 'Y':
      return at(y + 1, 0, 1, 0, 0);
    case 'M':
      return at(y, mo + 1, 1, 0, 0);
    case 'D':
      return at(y, mo, day + 1, 0, 0);
    case 'h':
      return at(y, mo, day, h + 1, 0);
    default:
      return at(y, mo, day, h, mi + 1);
  }
}

/** Whether `ms` is the start of a period of `level`. */
function startsPeriod(ms: number, level: Level): boolean {
  const iso = new Date(ms).toISOString();
  const prefix = LEVELS.find((l) => l.level === level)?.prefix ?? 16;
  return Date.parse(`${iso.slice(0, prefix)}${'0000-01-01T00:00:00.000Z'.slice(prefix)}`) === ms;
}

/**
 * The runs of whole periods that exactly cover [from, to) (minute-aligned, within BEGINNING..END):
 * always the coarsest period that fits, so at most two runs per level.
 */
export function periodRuns(from: number, to: number): PeriodRun[] {
  const runs: PeriodRun[] = [];
  let at = from;
  while (at < to) {
    const fit = LEVELS.find(({ level }) => startsPeriod(at, level) && nextStart(at, level) <= to);
    if (!fit) throw new RangeError(`${new Date(at).toISOString()} is not minute-aligned`);
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
