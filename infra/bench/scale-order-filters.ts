import { readFeedBucket } from '../../lib/data/feeds/feed';
import { FEED_MARGIN_MS } from '../../lib/data/feeds/feed-cache';
import { importShop } from '../../lib/data/import-shop';
import { FILTER_STATUSES } from '../../lib/domain/orders/order-filter';
import { issueDevToken } from '../local/dev-issuer';
import { readShopFile } from '../local/import-file';
import { SEED_SHOPS } from '../local/twin';
import type { Child } from './child-process';
import type { DynamoUsage } from './dynamo-meter';
import { benchHeaders, callApi } from './http-fixtures';
import { measureGet } from './measure-get';
import { seedListedShop } from './scale-seed';
import { percentile, table } from './stats';

/** One GET /orders request measured on a shop of one size. */
export interface OrderFilterRow {
  request: string;
  size: number;
  p50: number;
  p99: number;
  calls: number;
  readUnits: number;
  results: number;
}

/** Fails unless the (warm) first process counts what the fresh one answered: the same shop, the same orders. */
async function sameAnswer(api: Child, url: string, request: Parameters<typeof callApi>[1], fresh: string) {
  const results = (text: string) => (JSON.parse(text) as { results: number }).results;
  const warm = await callApi(String(api.ready.url) || url, request);
  if (results(warm.body) !== results(fresh) || results(fresh) === 0)
    throw new Error(
      `the fresh instance answered ${results(fresh)} orders, the warm one ${results(warm.body)}`,
    );
}

/** A process's first list request of a shop: the order index's cold load. */
export interface OrderIndexColdLoad {
  size: number;
  /**
   * `first`: the shop's first cold load ever (the whole feed; it leaves the feed's snapshot);
   * `fresh`: another process's afterwards (the snapshot and the feed since: what a new Lambda instance meets).
   */
  instance: 'first' | 'fresh';
  ms: number;
  calls: number;
  readUnits: number;
  /** The first instance's include the feed snapshot it stores. */
  writeUnits: number;
  /** Requests it took (a 503 leaves the buckets read so far loaded). */
  attempts: number;
}

/**
 * The floor of a warm filtered page: the one DynamoDB call it makes, the Query of the order feed
 * since its last read less the margin (which finds nothing while no order changes), timed from the
 * bench process at concurrency 1 on the same DynamoDB Local. What it costs at each size is what the
 * emulator adds with the table's size; the API's own work is the rest of the page's time.
 */
export interface FeedCheckFloor {
  size: number;
  p50: number;
}

async function feedCheckFloor(shopId: string, samples: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await readFeedBucket(shopId, 'ORDER', 0, new Date(Date.now() - FEED_MARGIN_MS).toISOString(), () => {});
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

const YEAR = 365 * 24 * 3600 * 1000;

/** The requests: the unfiltered page 1 (the reference), each filter alone, two combined. */
function requests(customerId: string): [string, string][] {
  const halfYear = new Date(Date.now() - YEAR / 2).toISOString();
  const month = new Date(Date.now() - YEAR / 12).toISOString();
  return [
    ['GET /orders (no filter)', 'orders'],
    ...FILTER_STATUSES.map((s): [string, string] => [`${s}=true`, `orders?${s}=true`]),
    ['paidOn=false', 'orders?paidOn=false'],
    ['customerId', `orders?customerId=${customerId}`],
    ['productId', 'orders?productId=trail-mix'],
    ['currency=GBP', 'orders?currency=GBP'],
    ['createdAfter (half a year)', `orders?createdAfter=${halfYear}`],
    ['updatedFrom (a month)', `orders?updatedFrom=${month}`],
    ['lastUpdated=true', 'orders?lastUpdated=true'],
    ['paidOn=false&currency=EUR', 'orders?paidOn=false&currency=EUR'],
    ['productId&dispatchedOn=true', 'orders?productId=trail-mix&dispatchedOn=true'],
    ['customerId&paidOn=true', `orders?customerId=${customerId}&paidOn=true`],
  ];
}

/**
 * `npm run bench:scale -- --parts order-filters`: for each size a shop with the demo catalog and
 * `size` orders of varied statuses, products, currencies and customers (infra/bench/scale-seed.ts),
 * the first filtered request (the order index's cold load), then each request `samples` times over
 * HTTP at concurrency 1 with the DynamoDB calls and read units per request.
 */
export async function measureOrderFilters(
  api: Child,
  freshApi: () => Promise<Child>,
  sizes: readonly number[],
  samples: number,
  say: (line: string) => void,
): Promise<{ rows: OrderFilterRow[]; cold: OrderIndexColdLoad[]; floors: FeedCheckFloor[] }> {
  const url = String(api.ready.url);
  const demo = await readShopFile(SEED_SHOPS[0].file);
  const rows: OrderFilterRow[] = [];
  const cold: OrderIndexColdLoad[] = [];
  const floors: FeedCheckFloor[] = [];
  for (const size of sizes) {
    const shopId = `orderfilters${size}`;
    say(`seeding shop ${shopId}: ${size} orders...`);
    await importShop(shopId, { ...demo, customers: [] });
    await seedListedShop(shopId, size, say, { carts: false, customers: false });
    const token = issueDevToken(shopId);
    const get = (path: string) => ({
      method: 'GET' as const,
      path: `/${shopId}/${path}`,
      headers: benchHeaders(token),
    });
    // The first instance's first request (the unfiltered list reads the same index), then a fresh
    // instance's first filtered one.
    let customerId = '';
    for (const instance of ['first', 'fresh'] as const) {
      const server = instance === 'first' ? api : await freshApi();
      try {
        const { body, ...load } = await coldLoad(
          server,
          url,
          get(instance === 'first' ? 'orders?resultsPerPage=1' : 'orders?paidOn=true'),
        );
        if (instance === 'first')
          customerId = (JSON.parse(body) as { items: { customerId: string }[] }).items[0]?.customerId ?? '';
        else await sameAnswer(api, url, get('orders?paidOn=true'), body);
        cold.push({ size, instance, ...load });
        say(
          `  cold load at ${size} (${instance} instance): ${load.ms.toFixed(0)} ms, ${load.calls} calls, ${load.readUnits.toFixed(0)} RCU, ${load.attempts} request(s)`,
        );
      } finally {
        if (server !== api) await server.stop();
      }
    }
    for (const [request, path] of requests(customerId)) {
      const { first: answer, ...figures } = await measureGet(
        api,
        `${request} at ${size}`,
        get(path),
        samples,
      );
      rows.push({
        request,
        size,
        ...figures,
        results: (JSON.parse(answer.body) as { results: number }).results,
      });
      say(`  ${request} at ${size}: p50 ${figures.p50} ms, ${figures.readUnits.toFixed(1)} RCU`);
    }
    floors.push({ size, p50: await feedCheckFloor(shopId, samples) });
  }
  return { rows, cold, floors };
}

/** A process's first filtered request, with the client's retries of a 503 (each keeps the buckets read). */
async function coldLoad(server: Child, url: string, request: Parameters<typeof callApi>[1]) {
  const target = String(server.ready.url) || url;
  await server.ask({ type: 'usage' });
  const started = performance.now();
  let first = await callApi(target, request);
  let attempts = 1;
  for (; first.status === 503 && attempts < 6; attempts++) first = await callApi(target, request);
  const ms = performance.now() - started;
  const usage = (await server.ask({ type: 'usage' })).usage as DynamoUsage;
  if (first.status !== 200) throw new Error(`cold load: ${first.status} ${first.body.slice(0, 300)}`);
  return {
    ms,
    calls: usage.calls,
    readUnits: usage.readUnits,
    writeUnits: usage.writeUnits,
    attempts,
    body: first.body,
  };
}

/** Read units of a filtered page 1 at most this many times the unfiltered page 1's (same size). */
export const FILTER_READ_UNITS_BUDGET = 2;
/** p50 at the largest size at most this many times the p50 of the same request at the smallest. */
export const FILTER_SIZE_RATIO_BUDGET = 2;

/** A fresh instance's first filtered answer at the largest size, on the twin (issue "Lists", budgets). */
export const COLD_LOAD_BUDGET_MS = 3000;

/**
 * The budgets each row misses, a check that paidOn=true and paidOn=false split the shop, and the
 * cold load at the largest size.
 */
export function missedOrderFilterBudgets(
  rows: readonly OrderFilterRow[],
  cold: readonly OrderIndexColdLoad[] = [],
): string[] {
  const missed: string[] = [];
  // The budget is a fresh instance's (the shop's very first cold load reads its whole feed once).
  const largestCold = [...cold]
    .filter((c) => c.instance === 'fresh')
    .sort((a, b) => a.size - b.size)
    .at(-1);
  if (largestCold && largestCold.ms > COLD_LOAD_BUDGET_MS)
    missed.push(
      `a fresh instance's first filtered answer at ${largestCold.size} orders: ${largestCold.ms.toFixed(0)} ms > ${COLD_LOAD_BUDGET_MS} ms`,
    );
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  const at = (request: string, size: number | undefined) =>
    rows.find((r) => r.request === request && r.size === size);
  for (const size of sizes) {
    const split = (at('paidOn=true', size)?.results ?? 0) + (at('paidOn=false', size)?.results ?? 0);
    if (split !== size)
      missed.push(`paidOn=true + paidOn=false at ${size}: ${split} orders, shop holds ${size}`);
  }
  for (const row of rows) {
    if (row.size !== largest) continue;
    const unfiltered = at('GET /orders (no filter)', row.size);
    if (unfiltered && row.readUnits > FILTER_READ_UNITS_BUDGET * unfiltered.readUnits)
      missed.push(
        `${row.request} at ${row.size}: ${row.readUnits.toFixed(1)} RCU > ${FILTER_READ_UNITS_BUDGET}× ${unfiltered.readUnits.toFixed(1)} (no filter)`,
      );
    const small = at(row.request, smallest);
    if (small && row.p50 > FILTER_SIZE_RATIO_BUDGET * small.p50)
      missed.push(
        `${row.request}: p50 ${row.p50.toFixed(1)} ms at ${row.size} > ${FILTER_SIZE_RATIO_BUDGET}× ${small.p50.toFixed(1)} ms at ${smallest}`,
      );
  }
  return missed;
}

export function orderFilterTable(
  rows: readonly OrderFilterRow[],
  cold: readonly OrderIndexColdLoad[],
  floors: readonly FeedCheckFloor[] = [],
): string {
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
  const requestsSeen = [...new Set(rows.map((r) => r.request))];
  const measured = table(
    [
      'GET /orders, page 1 of 10',
      ...sizes.flatMap((s) => [`p50 ms @${s}`, `RCU @${s}`, `results @${s}`]),
      'calls/req',
    ],
    requestsSeen.map((request) => {
      const cells = sizes.flatMap((size) => {
        const row = rows.find((r) => r.request === request && r.size === size);
        return row ? [row.p50.toFixed(1), row.readUnits.toFixed(1), String(row.results)] : ['', '', ''];
      });
      const last = rows.find((r) => r.request === request && r.size === sizes.at(-1));
      return [request, ...cells, last ? last.calls.toFixed(1) : ''];
    }),
  );
  const loads = table(
    ['orders', 'instance', 'cold load ms (first filtered request)', 'requests', 'calls', 'RCU', 'WCU'],
    cold.map((c) => [
      String(c.size),
      c.instance,
      c.ms.toFixed(0),
      String(c.attempts),
      String(c.calls),
      c.readUnits.toFixed(0),
      c.writeUnits.toFixed(0),
    ]),
  );
  const floor = floors.map((f) => `${f.p50.toFixed(1)} ms at ${f.size}`).join(', ');
  return `${measured}\n\nthe feed check alone (its one Query, from the bench process): p50 ${floor}\n\norder index cold load\n\n${loads}`;
}
