/**
 * The periods sales totals are kept for (docs/orders.md "Sales figures"): every order adds to one
 * period of each level, from a UTC day down to its millisecond. A range [after, before) is the sum
 * of whole days in the middle and ever finer periods towards its ends, so what a report reads
 * grows with the days of the range, never with the orders in it.
 */

/** A level: its sort-key letter, its length, and how many characters of an ISO time name a period. */
export interface SalesLevel {
  readonly level: 'D' | 'h' | 'm' | 's' | 'f';
  readonly ms: number;
  readonly width: number;
}

/** Finest first. `f` (milliseconds) answers a boundary inside a second without reading orders. */
export const SALES_LEVELS: readonly SalesLevel[] = [
  { level: 'f', ms: 1, width: 23 }, // 2026-11-25T23:44:05.123
  { level: 's', ms: 1_000, width: 19 }, // 2026-11-25T23:44:05
  { level: 'm', ms: 60_000, width: 16 }, // 2026-11-25T23:44
  { level: 'h', ms: 3_600_000, width: 13 }, // 2026-11-25T23
  { level: 'D', ms: 86_400_000, width: 10 }, // 2026-11-25
];

/** The name of the period of a level holding an instant (epoch ms, years 0000-9999). */
export function periodOf(level: SalesLevel, at: number): string {
  return new Date(at).toISOString().slice(0, level.width);
}

/** One period per level: where an order created at `createdAt` (ISO 8601 UTC) is counted. */
export function periodsOf(createdAt: string): { level: SalesLevel['level']; period: string }[] {
  const at = Date.parse(createdAt);
  return SALES_LEVELS.map((l) => ({ level: l.level, period: periodOf(l, at) }));
}

/** A run of consecutive periods of one level, first and last included: one Query. */
export interface SalesSpan {
  level: SalesLevel['level'];
  first: string;
  last: string;
}

/**
 * [after, before) (epoch ms) as runs of whole periods: at most one run per level at each end and
 * one of days in the middle (≤ 9 runs). Each level's runs end where the next coarser level's
 * periods begin; a range within one coarser period stays at the finer level.
 */
export function decomposeRange(after: number, before: number): SalesSpan[] {
  const left: SalesSpan[] = [];
  const right: SalesSpan[] = [];
  const run = (level: SalesLevel, from: number, to: number): SalesSpan => ({
    level: level.level,
    first: periodOf(level, from),
    last: periodOf(level, to - level.ms),
  });
  let from = after;
  let to = before;
  for (let i = 0; i < SALES_LEVELS.length && from < to; i++) {
    const level = SALES_LEVELS[i] as SalesLevel;
    const coarser = SALES_LEVELS[i + 1];
    if (!coarser) {
      left.push(run(level, from, to));
      break;
    }
    const up = Math.ceil(from / coarser.ms) * coarser.ms;
    const down = Math.floor(to / coarser.ms) * coarser.ms;
    if (up >= down) {
      // No whole coarser period inside: this level covers the rest.
      left.push(run(level, from, to));
      break;
    }
    if (from < up) left.push(run(level, from, up));
    if (down < to) right.unshift(run(level, down, to));
    from = up;
    to = down;
  }
  return [...left, ...right];
}

/** The instant a period begins (epoch ms): its name completed to a full ISO time. */
export function periodStart(period: string): number {
  return Date.parse(period + '0000-01-01T00:00:00.000Z'.slice(period.length));
}

/**
 * Runs of one level that touch (one ends where the next begins) joined into one: the runs of many
 * consecutive ranges (the days of a per-day report) read in as few Queries as the ranges allow.
 */
export function joinSpans(spans: readonly SalesSpan[]): SalesSpan[] {
  const lengthOf = new Map(SALES_LEVELS.map((l) => [l.level, l.ms]));
  const sorted = [...spans].sort((a, b) =>
    a.level === b.level ? (a.first < b.first ? -1 : 1) : a.level < b.level ? -1 : 1,
  );
  const joined: SalesSpan[] = [];
  for (const span of sorted) {
    const previous = joined[joined.length - 1];
    const touches =
      previous?.level === span.level &&
      periodStart(previous.last) + (lengthOf.get(span.level) ?? 0) === periodStart(span.first);
    if (previous && touches) previous.last = span.last;
    else joined.push({ ...span });
  }
  return joined;
}
