import { table } from './stats';

/**
 * The shard count the budgets hold for (docs/inventory.md "A hot product: 2,000 orders per second on paper":
 * 8 in AWS).
 */
export const BUDGETED_SHARDS = 8;
/** Fewest orders/s of the sale as a share of the untracked checkout's at the same concurrency. */
export const SALE_THROUGHPUT_BUDGET = 2 / 3;
/** Most p50 of the sale's orders as a multiple of the untracked checkout's at the same concurrency. */
export const SALE_P50_BUDGET = 1.5;
/**
 * A checkout of untracked products costs what it did before stock (docs/performance.md "Figures"):
 * 31 WCU then, + 2 for the order's entry in the order feed (gsi4, the order filters) added since,
 * which DynamoDB Local bills as a transactional write.
 */
export const UNTRACKED_WCU_BUDGET = 31 + 2;
export const UNTRACKED_RCU_BUDGET = 3;

/** One measured run: a sale (`shards` set) or untracked checkouts (`shards` null). */
export interface FlashSaleRow {
  shards: number | null;
  connections: number;
  requests: number;
  orders: number;
  /** 409 with `errors[0].available` 0. */
  soldOut: number;
  /** Any other answer, by status (5xx, a 409 "try again", ...). */
  other: Record<string, number>;
  /** Of the orders (201): latency percentiles, and orders per second until the last one. */
  p50: number;
  p99: number;
  ordersPerSecond: number;
  /** Per request, the rate limit's lease writes aside. */
  calls: number;
  readUnits: number;
  writeUnits: number;
  /** The watcher's polls and lowest figures (pieces), the level after the run, holds not settled. */
  polls: number;
  lowestSum: number;
  lowestShard: number;
  finalStock: number;
  holdsLeft: number;
}

/** Rounding of metered units per request (DynamoDB reports them in halves at most). */
const UNITS_SLACK = 0.01;

/**
 * The flash sale's budgets missed (docs/performance.md "Flash sale"): every sale sells exactly its
 * stock and refuses the rest as sold out, no 5xx, never below zero while it runs, nothing left held;
 * the sale on the budgeted shard count against the untracked checkout at the same concurrency;
 * untracked checkouts at their cost before stock was counted.
 */
export function missedFlashSaleBudgets(rows: readonly FlashSaleRow[], stock: number): string[] {
  const missed: string[] = [];
  const buyers = Math.round(stock * 1.5);
  for (const row of rows) {
    const at = labelOf(row);
    const others = Object.entries(row.other).map(([status, n]) => `${n} × ${status}`);
    if (others.length > 0)
      missed.push(`${at}: answers other than 201 and 409 sold out: ${others.join(', ')}`);
    if (row.shards === null) {
      if (
        row.writeUnits > UNTRACKED_WCU_BUDGET + UNITS_SLACK ||
        row.readUnits > UNTRACKED_RCU_BUDGET + UNITS_SLACK
      )
        missed.push(
          `${at}: ${row.writeUnits.toFixed(2)} WCU, ${row.readUnits.toFixed(2)} RCU per checkout > ${UNTRACKED_WCU_BUDGET}, ${UNTRACKED_RCU_BUDGET}`,
        );
      continue;
    }
    if (row.requests !== buyers) missed.push(`${at}: ${row.requests} answers for ${buyers} buyers`);
    if (row.orders !== stock || row.soldOut !== buyers - stock)
      missed.push(
        `${at}: ${row.orders} orders and ${row.soldOut} sold out, not ${stock} and ${buyers - stock}`,
      );
    if (!(row.lowestSum >= 0 && row.lowestShard >= 0) || row.polls < 10)
      missed.push(
        `${at}: lowest stock seen ${row.lowestSum} (a shard ${row.lowestShard}) in ${row.polls} polls`,
      );
    if (row.finalStock !== 0 || row.holdsLeft !== 0)
      missed.push(`${at}: ${row.finalStock} left in stock, ${row.holdsLeft} holds not settled`);
    const untracked = rows.find((r) => r.shards === null && r.connections === row.connections);
    if (row.shards !== BUDGETED_SHARDS || !untracked) continue;
    if (row.ordersPerSecond < SALE_THROUGHPUT_BUDGET * untracked.ordersPerSecond)
      missed.push(
        `${at}: ${row.ordersPerSecond.toFixed(0)} orders/s < 2/3 of the untracked checkout's ${untracked.ordersPerSecond.toFixed(0)}`,
      );
    if (row.p50 > SALE_P50_BUDGET * untracked.p50)
      missed.push(
        `${at}: p50 ${row.p50.toFixed(0)} ms > ${SALE_P50_BUDGET}× the untracked checkout's ${untracked.p50.toFixed(0)} ms`,
      );
  }
  return missed;
}

/** The flash sale part's table: the untracked checkout, then the sales, per concurrency. */
export function flashSaleTable(rows: readonly FlashSaleRow[], stock: number): string {
  const untracked = (c: number) => rows.find((r) => r.shards === null && r.connections === c);
  const missed = missedFlashSaleBudgets(rows, stock);
  return table(
    [
      'checkout',
      'c',
      'answers',
      '201',
      '409 sold out',
      'other',
      'p50 ms',
      'p99 ms',
      'orders/s',
      'vs untracked',
      'p50 vs',
      'calls/req',
      'RCU/req',
      'WCU/req',
      'polls',
      'lowest',
      'final',
      'holds left',
      'budget',
      'result',
    ],
    rows.map((row) => {
      const base = untracked(row.connections);
      const sale = row.shards !== null;
      const budgeted = row.shards === BUDGETED_SHARDS;
      return [
        sale ? `sale, ${row.shards} shard(s)` : 'untracked products',
        String(row.connections),
        String(row.requests),
        String(row.orders),
        String(row.soldOut),
        Object.entries(row.other)
          .map(([s, n]) => `${n}×${s}`)
          .join(' ') || '0',
        row.p50.toFixed(0),
        row.p99.toFixed(0),
        row.ordersPerSecond.toFixed(0),
        sale && base ? `${(row.ordersPerSecond / base.ordersPerSecond).toFixed(2)}×` : '-',
        sale && base ? `${(row.p50 / base.p50).toFixed(2)}×` : '-',
        row.calls.toFixed(2),
        row.readUnits.toFixed(2),
        row.writeUnits.toFixed(2),
        sale ? String(row.polls) : '-',
        sale ? String(row.lowestSum) : '-',
        sale ? String(row.finalStock) : '-',
        sale ? String(row.holdsLeft) : '-',
        !sale
          ? `≤${UNTRACKED_WCU_BUDGET} WCU, ≤${UNTRACKED_RCU_BUDGET} RCU`
          : budgeted
            ? `${stock} orders, ≥0, ≥2/3, ≤${SALE_P50_BUDGET}×`
            : `${stock} orders, ≥0`,
        missed.some((m) => m.startsWith(`${labelOf(row)}:`)) ? 'MISSED' : 'ok',
      ];
    }),
  );
}

/** How a row is named in missed budgets. */
function labelOf(row: FlashSaleRow): string {
  return row.shards === null
    ? `untracked c=${row.connections}`
    : `sale c=${row.connections} ${row.shards} shard(s)`;
}
