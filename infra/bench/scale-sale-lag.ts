import { issueDevToken } from '../local/dev-issuer';
import { importBenchShop } from './bench-shop';
import type { Child } from './child-process';
import { benchHeaders, callApi, makeCarts } from './http-fixtures';
import { percentile, table } from './stats';
import { type LagSample, type StreamLagRow, streamLagRows, streamLagTable } from './stream-lag';

/** A sale is counted by GET /sales within this long of its checkout's answer (p99), under c=16. */
export const SALE_LAG_P99_BUDGET_MS = 2_000;
const SHOP = 'salelag';
const CONCURRENCY = 16;
/** How often the merchant's dashboard is imitated: GET /sales this often while the orders come. */
const POLL_MS = 50;
/** How long after the last checkout the part waits for the tally before it calls the rest lost. */
const SETTLE_MS = 30_000;

export interface SaleLagRow {
  orders: number;
  p50: number;
  p99: number;
  max: number;
  /** Orders GET /sales had not counted when the part stopped waiting. */
  uncounted: number;
  /** The stream's own lag over the checkouts, per consumer (change written → consumer done). */
  stream: StreamLagRow[];
  /** Records of those timed by their item's own time: their write's answer was not seen. */
  streamByItemTime: number;
}

/**
 * `npm run bench:scale -- --parts sale-lag`: the time from a checkout's answer to the moment
 * `GET /sales` counts its order (the table's stream → the sales tally → the totals), with `orders`
 * checkouts at concurrency 16 on a twin whose stream runs. A poller reads the day's figures every
 * 50 ms; the k-th order answered counts as seen at the first poll that shows k more orders than
 * before the run (the tally need not count them in the order they were answered, so a lag is the
 * k-th count's, an honest upper bound of the stream's lag plus at most one poll).
 */
export async function measureSaleLag(
  api: Child,
  orders: number,
  say: (line: string) => void,
): Promise<SaleLagRow> {
  const url = String(api.ready.url);
  await importBenchShop(SHOP);
  const token = issueDevToken(SHOP);
  say(`sale lag: making ${orders} carts...`);
  const carts = await makeCarts(url, SHOP, token, orders, CONCURRENCY);
  const counted = async () => {
    const today = new Date().toISOString().slice(0, 10);
    const answer = await callApi(url, {
      method: 'GET',
      path: `/${SHOP}/sales?createdAfter=${today}`,
      headers: benchHeaders(token),
    });
    if (answer.status !== 200) return undefined;
    const body = JSON.parse(answer.body) as { salesPerCurrency: { totalOrders: number }[] };
    return body.salesPerCurrency.reduce((sum, c) => sum + c.totalOrders, 0);
  };
  const before = (await counted()) ?? 0;
  const seen: { at: number; count: number }[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const count = await counted();
      if (count !== undefined) seen.push({ at: performance.now(), count: count - before });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();

  await api.ask({ type: 'stream-lag' }); // the carts' records are not the checkouts'
  say(`sale lag: ${orders} checkouts at concurrency ${CONCURRENCY}...`);
  const answered: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < carts.length) {
        const cart = carts[next++];
        if (!cart) break;
        const placed = await callApi(url, {
          method: 'POST',
          path: `/${SHOP}/carts/${cart.cartId}/order`,
          headers: benchHeaders(token, { cartToken: cart.token }),
        });
        if (placed.status === 201) answered.push(performance.now());
      }
    }),
  );
  const deadline = performance.now() + SETTLE_MS;
  while (performance.now() < deadline && (seen.at(-1)?.count ?? 0) < answered.length)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  polling = false;
  await poller;
  const { samples, byItemTime } = (await api.ask({ type: 'stream-lag' })) as unknown as {
    samples: LagSample[];
    byItemTime: number;
  };

  answered.sort((a, b) => a - b);
  const lags: number[] = [];
  let uncounted = 0;
  answered.forEach((at, i) => {
    const first = seen.find((s) => s.count >= i + 1);
    if (first) lags.push(Math.max(0, first.at - at));
    else uncounted++;
  });
  return {
    orders: answered.length,
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: Math.max(...lags),
    uncounted,
    stream: streamLagRows(samples),
    streamByItemTime: byItemTime,
  };
}

/** The part's table. */
export function saleLagTable(row: SaleLagRow): string {
  const ms = (v: number) => `${Math.round(v)} ms`;
  const counted = table(
    ['orders', 'counted p50', 'counted p99', 'max', 'uncounted'],
    [[String(row.orders), ms(row.p50), ms(row.p99), ms(row.max), String(row.uncounted)]],
  );
  return `${counted}\n\nthe stream's lag over the same time (DynamoDB answered the write → consumer done; ${row.streamByItemTime} records timed by their item's own time)\n\n${streamLagTable(row.stream)}`;
}

/** The budget missed: p99 over SALE_LAG_P99_BUDGET_MS, or any order never counted. */
export function missedSaleLagBudgets(row: SaleLagRow): string[] {
  const missed: string[] = [];
  if (row.p99 > SALE_LAG_P99_BUDGET_MS)
    missed.push(`sale lag: p99 ${Math.round(row.p99)} ms > ${SALE_LAG_P99_BUDGET_MS} ms`);
  if (row.uncounted > 0) missed.push(`sale lag: ${row.uncounted} orders never counted by GET /sales`);
  return missed;
}
