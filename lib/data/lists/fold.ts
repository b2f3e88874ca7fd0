import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { backoff } from '../backoff';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { laggingFrom, laggingSources } from './count';
import { raiseFoldGeneration } from './fold-generation';
import { effectiveTally, readTally } from './listing';
import { periodsOf } from './periods';
import type { ListedKind } from './series';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const KINDS: readonly ListedKind[] = ['CART', 'CUSTOMER'];
/** DynamoDB's TransactWriteItems limit, less the fold generation's step. */
const MAX_TRANSACTION_ITEMS = 100 - 1;
/** Lagging items read per round (from one write bucket of gsi3 or of the carts' expiry index). */
const BATCH = 25;
/** Rounds in a row a fold may lose to writers before it leaves a kind to its next run. */
const MAX_LOST_ROUNDS = 50;
/** How long one fold runs at most (the scheduled function has 50 s): the rest waits for the next. */
const DEFAULT_BUDGET_MS = 40_000;

/** What one fold did. */
export interface FoldReport {
  /** Items whose counters were brought up to date (expired carts among them). */
  folded: number;
  /** Expired carts deleted. */
  expired: number;
  /** Rounds that lost a race and were read again. */
  retries: number;
  /** Whether items were left for the next run (time budget spent, or an item kept changing). */
  unfinished: boolean;
}

/**
 * Folds a shop's lagging items into its list counters (lib/data/lists/listing.ts): each item's
 * `tallied` becomes what it should count now, and the counters of its periods move by the
 * difference, in one transaction per batch, conditional on the item being as read (an item changed
 * meanwhile is left for the next round). Expired carts are deleted in the same step, so they leave
 * the lists and the counters at once. Each transaction also raises the kind's fold generation, by
 * which a count read across it knows to read again (lib/data/lists/fold-generation.ts). It goes
 * through the write buckets of each kind's gsi3 partition (and of the carts' expiry index) one after
 * another: one Query at a time, never a burst beside the requests of the local twin, where it runs
 * in the API's process. Runs every minute in
 * AWS (a schedule) and in the local twin, which keeps the corrections a count must read to a few
 * minutes' worth. Safe to run concurrently.
 */
export async function foldTallies(
  shopId: string,
  { now = () => new Date(), budgetMs = DEFAULT_BUDGET_MS } = {},
): Promise<FoldReport> {
  const report: FoldReport = { folded: 0, expired: 0, retries: 0, unfinished: false };
  const deadline = Date.now() + budgetMs;
  for (const [kind, source] of KINDS.flatMap((kind) =>
    laggingSources(shopId, kind).map((s) => [kind, s] as const),
  )) {
    let lost = 0;
    for (;;) {
      if (Date.now() > deadline || lost > MAX_LOST_ROUNDS) {
        report.unfinished = true;
        break;
      }
      const nowIso = now().toISOString();
      let lagging = await laggingFrom(source, nowIso, BATCH);
      if (lagging.length === 0) break;
      // Items that changed since they were read drop out of the batch; the rest goes again at once.
      while (lagging.length > 0) {
        const { items, taken, expired } = foldTransaction(shopId, kind, lagging, nowIso);
        try {
          await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
          report.folded += taken;
          report.expired += expired;
          lost = 0;
          lagging = lagging.slice(taken);
        } catch (error) {
          if (!(error instanceof TransactionCanceledException)) throw error;
          report.retries++;
          if (++lost > MAX_LOST_ROUNDS) break;
          const reasons = error.CancellationReasons ?? [];
          const changed = new Set(
            reasons.flatMap((r, i) => (i < taken && r.Code === 'ConditionalCheckFailed' ? [i] : [])),
          );
          // Another writer holds an item right now (a conflict): wait a little, then read again.
          if (changed.size === 0) {
            await backoff(Math.min(lost, 5));
            break;
          }
          lagging = lagging.filter((_, i) => i >= taken || !changed.has(i));
          // The index may still show the old state for a moment: let it catch up before reading.
          if (lagging.length === 0) await backoff(Math.min(lost, 5));
        }
      }
    }
  }
  return report;
}

/** The transaction folding as many of `lagging` as fit: their updates and the counter moves. */
function foldTransaction(
  shopId: string,
  kind: ListedKind,
  lagging: Record<string, unknown>[],
  nowIso: string,
) {
  const moves = new Map<
    string,
    { series: string; level: string; period: string; by: number; expiresAt?: number }
  >();
  const items: TransactItem[] = [];
  let expired = 0;
  const nowMs = Date.parse(nowIso);
  for (const item of lagging) {
    const should = effectiveTally(item, nowIso);
    const was = item.tallied as string | undefined;
    const itemMoves = new Map(moves);
    const move = (tally: string | undefined, by: number) => {
      const read = readTally(tally);
      if (!read) return;
      for (const name of read.names)
        for (const { level, period, expiresAt } of periodsOf(read.at, nowMs)) {
          const id = `${name}|${level}|${period}`;
          const current = itemMoves.get(id);
          itemMoves.set(id, { series: name, level, period, by: (current?.by ?? 0) + by, expiresAt });
        }
    };
    move(should, 1);
    move(was, -1);
    const counters = [...itemMoves.values()].filter((m) => m.by !== 0).length;
    if (items.length > 0 && items.length + 1 + counters > MAX_TRANSACTION_ITEMS) break;
    moves.clear();
    for (const [id, m] of itemMoves) moves.set(id, m);
    const step = itemStep(item, should, was);
    if (step.Delete) expired++;
    items.push(step);
  }
  const taken = items.length;
  for (const m of moves.values()) {
    if (m.by === 0) continue;
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.tallyCounter(shopId, m.series, m.level, m.period),
        // Minute counters are kept for the recent past only (lib/data/lists/periods.ts).
        UpdateExpression: m.expiresAt === undefined ? 'ADD n :by' : 'ADD n :by SET expiresAt = :expires',
        ExpressionAttributeValues: {
          ':by': m.by,
          ...(m.expiresAt === undefined ? {} : { ':expires': m.expiresAt }),
        },
      },
    });
  }
  // Counts that read while this commits read again (lib/data/lists/fold-generation.ts).
  items.push(raiseFoldGeneration(shopId, kind));
  return { items, taken, expired };
}

/**
 * The step of one item, conditional on it being as read: an expired cart is deleted; any other
 * item records what the counters now hold for it and leaves gsi3.
 */
function itemStep(
  item: Record<string, unknown>,
  should: string | undefined,
  was: string | undefined,
): TransactItem {
  const values: Record<string, unknown> = {};
  const conditions: string[] = [];
  const same = (attribute: string, value: unknown) => {
    if (value === undefined) conditions.push(`attribute_not_exists(${attribute})`);
    else {
      conditions.push(`${attribute} = :${attribute}`);
      values[`:${attribute}`] = value;
    }
  };
  same('tally', item.tally);
  same('tallied', was);
  same('validUntil', item.validUntil);
  const key = { pk: item.pk, sk: item.sk };
  const expired = item.tally !== undefined && should === undefined && item.validUntil !== undefined;
  if (expired) {
    return {
      Delete: {
        TableName: tableName(),
        Key: key,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeValues: values,
      },
    };
  }
  if (should !== undefined) values[':should'] = should;
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `${should === undefined ? 'REMOVE tallied, ' : 'SET tallied = :should REMOVE '}gsi3pk, gsi3sk`,
      ConditionExpression: conditions.join(' AND '),
      ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
    },
  };
}
