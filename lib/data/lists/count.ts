import { keys } from '../keys';
import { queryAll } from '../query-all';
import { betweenFolds } from './fold-generation';
import { inFlight } from './in-flight';
import { effectiveTally, expiryPartitions, readTally, untalliedPartitions } from './listing';
import {
  BEGINNING,
  CHILD_LEVEL,
  ceilHour,
  END,
  floorHour,
  type Level,
  periodEnd,
  periodRuns,
  periodStart,
  prefixOf,
  RECENT_USE_MS,
} from './periods';
import { creationBounds, type ListQuery, queryCount, seriesQueries } from './query';
import type { ListedKind, Series } from './series';

/** How far back a deep page is looked for in counters read beside the count. */
const RECENT_HOURS = 48;

/** A creation-time window, both ends included (ISO 8601); a missing end is open. */
export interface CreationWindow {
  from?: string;
  to?: string;
}

/**
 * Where the page at an offset starts: the creation time (ms, exclusive) its newest possible item
 * is older than, and how many items below it to skip (at most an hour's worth).
 */
export interface Seek {
  before: number;
  skip: number;
}

/** A list's total, and the way to the item at any offset without reading the items before it. */
export interface ListTally {
  results: number;
  seek(offset: number): Promise<Seek>;
}

/**
 * How many items of `list` (one series or several) were created within `window` and are listed
 * now: exact, at a cost that does not grow with the shop. The hour-aligned middle of the window is
 * the sum of counters (at most two runs of periods per level, lib/data/lists/periods.ts), corrected
 * by the items whose counters are not yet folded in (changed or expired since the last fold: a few
 * minutes' worth at most); the partial hours at either end are counted in the list index itself.
 *
 * `seek` finds where a deep page starts in the counters of the last two days (read beside the count
 * when a deep page is asked for), else by descending the counters newest first (year, month, day,
 * hour: a few small reads), so a page costs at most an hour of keys whatever its number.
 */
export async function tallyListed(
  shopId: string,
  kind: ListedKind,
  list: readonly Series[],
  window: CreationWindow,
  now = new Date(),
  options: { deep?: boolean } = {},
): Promise<ListTally> {
  const from = window.from === undefined ? BEGINNING : Date.parse(window.from);
  const end = window.to === undefined ? END : Date.parse(window.to) + 1;
  const nowIso = now.toISOString();
  const skipFromEnd = (results: number): ListTally => ({
    results,
    seek: async (offset) => ({ before: end, skip: offset }),
  });
  if (from >= end) return skipFromEnd(0);
  const middle = { from: ceilHour(from), to: floorHour(end) };
  if (middle.from >= middle.to) return skipFromEnd(await countInIndex(shopId, list, from, end, nowIso));

  const runs = periodRuns(middle.from, middle.to);
  const recentHours = options.deep ? lastHours(middle, now.getTime()) : undefined;
  const [older, newer, counted, lagging, recent] = await Promise.all([
    from < middle.from ? countInIndex(shopId, list, from, middle.from, nowIso) : 0,
    middle.to < end ? countInIndex(shopId, list, middle.to, end, nowIso) : 0,
    Promise.all(runs.map((run) => readCounters(shopId, list, run.level, run.first, run.last))),
    untalliedItems(shopId, kind, nowIso),
    recentHours ? readCounters(shopId, list, 'h', recentHours.first, recentHours.last) : undefined,
  ]);
  const read = (level: Level, first: string, last: string) => readCounters(shopId, list, level, first, last);
  const recentFrom = now.getTime() - RECENT_USE_MS;
  const corrections = correctionsOf(list, lagging, nowIso, middle);
  // Per period of each run: its counter plus what the lagging items change in it.
  const periods = runs.map((run, i) =>
    withCorrections(counted[i] as Map<string, number>, corrections, run.level, run.first, run.last),
  );
  const inMiddle = periods.reduce((sum, run) => sum + [...run.values()].reduce((a, b) => a + b, 0), 0);

  return {
    results: older + inMiddle + newer,
    seek: async (offset) => {
      if (offset < newer) return { before: end, skip: offset };
      const left = offset - newer;
      // A page deep in a busy shop lies in the last hours, read beside the count: no round trip.
      if (recent && recentHours) {
        const hours = withCorrections(recent, corrections, 'h', recentHours.first, recentHours.last);
        const found = await descend(read, 'h', hours, left, corrections, recentFrom);
        if (found.seek) return found.seek;
      }
      // Else down the counters from the newest run: year, month, day, hour (a Query each).
      let rest = left;
      for (let r = runs.length - 1; r >= 0; r--) {
        const level = (runs[r] as (typeof runs)[number]).level;
        const found = await descend(
          read,
          level,
          periods[r] as Map<string, number>,
          rest,
          corrections,
          recentFrom,
        );
        if (found.seek) return found.seek;
        rest = found.left;
      }
      return { before: middle.from, skip: rest };
    },
  };
}

/**
 * The hours a deep page is looked for first: the last two days of the window's middle up to now
 * (nothing is created later), as the first and last hour's names.
 */
function lastHours(middle: { from: number; to: number }, now: number): { first: string; last: string } {
  const until = Math.min(middle.to, ceilHour(now + 1));
  const since = Math.max(middle.from, until - RECENT_HOURS * 3_600_000);
  const hour = (ms: number) => new Date(ms).toISOString().slice(0, 13);
  return { first: hour(since), last: hour(until - 1) };
}

/** The total of `list` in `window` (see tallyListed), read between two folds. */
export async function countListed(
  shopId: string,
  kind: ListedKind,
  list: readonly Series[],
  window: CreationWindow,
  now = new Date(),
): Promise<number> {
  return betweenFolds(shopId, kind, async () => (await tallyListed(shopId, kind, list, window, now)).results);
}

/**
 * Walks periods newest first, skipping whole ones while items remain to skip; in the period that
 * holds the offset it goes down a level (reading that period's children counters) until an hour.
 */
async function descend(
  read: (level: Level, first: string, last: string) => Promise<Map<string, number>>,
  level: Level,
  periods: Map<string, number>,
  skip: number,
  corrections: Corrections,
  recentFrom: number,
): Promise<{ seek?: Seek; left: number }> {
  let left = skip;
  for (const period of [...periods.keys()].sort().reverse()) {
    const count = periods.get(period) ?? 0;
    if (left >= count) {
      left -= count;
      continue;
    }
    const child = CHILD_LEVEL[level];
    // Minutes are kept for the recent past only: an older hour is skipped in key by key.
    const recent = child?.level !== 'm' || periodStart(period) >= recentFrom;
    if (!child || !recent) return { seek: { before: periodEnd(period), skip: left }, left: 0 };
    const [first, last] = [`${period}${child.separator}`, `${period}${child.separator}\uffff`];
    const corrected = withCorrections(
      await read(child.level, first, last),
      corrections,
      child.level,
      first,
      last,
    );
    return descend(read, child.level, corrected, left, corrections, recentFrom);
  }
  return { left };
}

/** Counter values of `list`'s series at one level, periods first..last, summed over the series. */
async function readCounters(
  shopId: string,
  list: readonly Series[],
  level: Level,
  first: string,
  last: string,
): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  const found = await Promise.all(
    list.map((one) =>
      listQueryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: {
          ':pk': keys.tallyCounters(shopId, one.name),
          ':first': `${level}#${first}`,
          ':last': `${level}#${last}`,
        },
        ProjectionExpression: 'sk, n',
        // As current as the fold left them; the indexes the corrections come from may lag a moment.
        ConsistentRead: true,
      }),
    ),
  );
  for (const item of found.flat()) {
    const period = (item.sk as string).slice(level.length + 1);
    sums.set(period, (sums.get(period) ?? 0) + ((item.n as number | undefined) ?? 0));
  }
  return sums;
}

/** What lagging items change, by creation time: +1 for what they should count, -1 for what they did. */
type Corrections = { at: string; by: number }[];

function correctionsOf(
  list: readonly Series[],
  lagging: Record<string, unknown>[],
  nowIso: string,
  middle: { from: number; to: number },
): Corrections {
  const names = new Set(list.map((s) => s.name));
  const changes: Corrections = [];
  const add = (tally: string | undefined, by: number) => {
    const read = readTally(tally);
    const at = read ? Date.parse(read.at) : Number.NaN;
    if (!read || !(at >= middle.from && at < middle.to)) return;
    for (const name of read.names) if (names.has(name)) changes.push({ at: read.at, by });
  };
  for (const item of lagging) {
    add(effectiveTally(item, nowIso), 1);
    add(item.tallied as string | undefined, -1);
  }
  return changes;
}

/** Counter values of one level's periods first..last, with the corrections that fall in them. */
function withCorrections(
  counted: Map<string, number>,
  corrections: Corrections,
  level: Level,
  first: string,
  last: string,
): Map<string, number> {
  const prefix = prefixOf(level);
  const periods = new Map(counted);
  for (const { at, by } of corrections) {
    const period = at.slice(0, prefix);
    if (period >= first && period <= last) periods.set(period, (periods.get(period) ?? 0) + by);
  }
  return periods;
}

/** Items of `list` created in [fromMs, endMs) that are listed now, counted in the list index. */
async function countInIndex(
  shopId: string,
  list: readonly Series[],
  fromMs: number,
  endMs: number,
  nowIso: string,
): Promise<number> {
  const { low, high } = creationBounds(fromMs, endMs - 1);
  const counts = await Promise.all(
    list.flatMap((one) => seriesQueries(shopId, one, low, high, nowIso)).map(queryCount),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** A Query of one partition holding lagging items, made for the moment `nowIso`. */
export type LaggingSource = (nowIso: string) => ListQuery;

/**
 * Where a kind's lagging items are: every write bucket of its gsi3 partition (changed since the
 * last fold), and for carts every bucket of the expiry index up to now (expired since).
 */
export function laggingSources(shopId: string, kind: ListedKind): LaggingSource[] {
  const changed = untalliedPartitions(shopId, kind).map(
    (partition): LaggingSource =>
      () => ({
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
      }),
  );
  const expired = (kind === 'CART' ? expiryPartitions(shopId) : []).map(
    (partition): LaggingSource =>
      (nowIso) => ({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
        ExpressionAttributeValues: { ':pk': partition, ':now': `${nowIso}#\uffff` },
      }),
  );
  return [...changed, ...expired];
}

/** Up to `limit` lagging items of one source (a round of the fold). */
export function laggingFrom(source: LaggingSource, nowIso: string, limit: number) {
  return listQueryAll({ ...source(nowIso), Limit: limit }, limit);
}

/** Items of a kind whose counters lag (see laggingSources), every bucket read side by side; each once. */
export async function untalliedItems(
  shopId: string,
  kind: ListedKind,
  nowIso: string,
): Promise<Record<string, unknown>[]> {
  const found = await Promise.all(laggingSources(shopId, kind).map((source) => listQueryAll(source(nowIso))));
  const byKey = new Map<string, Record<string, unknown>>();
  for (const item of found.flat()) byKey.set(`${item.pk}|${item.sk}`, item);
  return [...byKey.values()];
}

/** queryAll, one of the list Queries in flight (lib/data/lists/in-flight.ts). */
function listQueryAll(...args: Parameters<typeof queryAll>): ReturnType<typeof queryAll> {
  return inFlight(() => queryAll(...args));
}
