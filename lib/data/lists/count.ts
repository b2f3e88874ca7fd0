import { keys } from '../keys';
import { effectiveTally, readTally } from './listing';
import { BEGINNING, ceilMinute, END, floorMinute, type PeriodRun, periodRuns } from './periods';
import { creationBounds, queryCount, queryUntil, seriesQuery } from './query';
import type { ListedKind, Series } from './series';

/** A creation-time window, both ends included (ISO 8601); a missing end is open. */
export interface CreationWindow {
  from?: string;
  to?: string;
}

/**
 * How many items of `list` (one series or several) were created within `window` and are listed
 * now: exact, at a cost that does not grow with the shop. The minute-aligned middle of the window is
 * the sum of counters (at most two runs of periods per level, lib/data/lists/periods.ts), corrected
 * by the items whose counters are not yet folded in (changed or expired since the last fold: a few
 * minutes' worth at most); the partial minutes at either end are counted in the list index itself.
 * A series without counters (one customer's orders) is counted in its index partition.
 */
export async function countListed(
  shopId: string,
  kind: ListedKind,
  list: readonly Series[],
  window: CreationWindow,
  now = new Date(),
): Promise<number> {
  const from = window.from === undefined ? BEGINNING : Date.parse(window.from);
  const end = window.to === undefined ? END : Date.parse(window.to) + 1;
  if (from >= end) return 0;
  const nowIso = now.toISOString();
  const uncounted = list.filter((s) => !s.counted);
  if (uncounted.length > 0) {
    const rest = list.filter((s) => s.counted);
    const [inIndex, counted] = await Promise.all([
      countInIndex(shopId, uncounted, from, end, nowIso),
      rest.length > 0 ? countListed(shopId, kind, rest, window, now) : 0,
    ]);
    return inIndex + counted;
  }
  const middle = { from: ceilMinute(from), to: floorMinute(end) };
  if (middle.from >= middle.to) return countInIndex(shopId, list, from, end, nowIso);
  const [edges, counted, lagging] = await Promise.all([
    Promise.all([
      from < middle.from ? countInIndex(shopId, list, from, middle.from, nowIso) : 0,
      middle.to < end ? countInIndex(shopId, list, middle.to, end, nowIso) : 0,
    ]),
    sumCounters(shopId, list, periodRuns(middle.from, middle.to)),
    untalliedItems(shopId, kind, nowIso),
  ]);
  const names = new Set(list.map((s) => s.name));
  const weight = (tally: string | undefined) => {
    const read = readTally(tally);
    const at = read ? Date.parse(read.at) : Number.NaN;
    if (!read || !(at >= middle.from && at < middle.to)) return 0;
    return read.names.filter((name) => names.has(name)).length;
  };
  const correction = lagging.reduce(
    (sum, item) => sum + weight(effectiveTally(item, nowIso)) - weight(item.tallied as string | undefined),
    0,
  );
  return edges[0] + edges[1] + counted + correction;
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
    list.map((one) => queryCount(seriesQuery(shopId, one, low, high, nowIso))),
  );
  return counts.reduce((a, b) => a + b, 0);
}

async function sumCounters(shopId: string, list: readonly Series[], runs: PeriodRun[]): Promise<number> {
  const sums = await Promise.all(
    list.flatMap((one) =>
      runs.map(async (run) => {
        const items = await queryUntil({
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
          ExpressionAttributeValues: {
            ':pk': keys.tallyCounters(shopId, one.name),
            ':first': `${run.level}#${run.first}`,
            ':last': `${run.level}#${run.last}`,
          },
          ProjectionExpression: 'n',
        });
        return items.reduce((sum, item) => sum + ((item.n as number | undefined) ?? 0), 0);
      }),
    ),
  );
  return sums.reduce((a, b) => a + b, 0);
}

/**
 * Items of a kind whose counters lag: changed since the last fold (gsi3), and for carts those that
 * expired since (the expiry index up to now). Each once.
 */
export async function untalliedItems(
  shopId: string,
  kind: ListedKind,
  nowIso: string,
  limit?: number,
): Promise<Record<string, unknown>[]> {
  const [changed, expired] = await Promise.all([
    queryUntil(
      {
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.untallied(shopId, kind) },
        ...(limit ? { Limit: limit } : {}),
      },
      limit,
    ),
    kind !== 'CART'
      ? []
      : queryUntil(
          {
            IndexName: 'gsi2',
            KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
            ExpressionAttributeValues: { ':pk': keys.cartsByExpiry(shopId), ':now': `${nowIso}#\uffff` },
            ...(limit ? { Limit: limit } : {}),
          },
          limit,
        ),
  ]);
  const byKey = new Map<string, Record<string, unknown>>();
  for (const item of [...changed, ...expired]) byKey.set(`${item.pk}|${item.sk}`, item);
  return [...byKey.values()];
}
