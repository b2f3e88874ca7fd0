import { importShop } from '../../lib/data/import-shop';
import { issueDevToken } from '../local/dev-issuer';
import { readShopFile } from '../local/import-file';
import { SEED_SHOPS } from '../local/twin';
import type { Child } from './child-process';
import type { DynamoUsage } from './dynamo-meter';
import { benchHeaders, callApi } from './http-fixtures';
import { load } from './load';
import { seedListedShop } from './scale-seed';
import { percentile, table } from './stats';

/** One list request measured on a shop of one size. */
export interface ListScaleRow {
  request: string;
  size: number;
  p50: number;
  p99: number;
  /** Per request. */
  calls: number;
  readUnits: number;
  /** What the first answer said (`results`), against what the shop holds. */
  results: number;
  expected: number;
}

const DAY = 24 * 3600 * 1000;

/** The list requests measured: page 1 and page 50 of each list, and a window of the carts. */
function listRequests(size: number) {
  const weekAgo = new Date(Date.now() - 7 * DAY).toISOString();
  return [
    { request: 'GET /carts', path: 'carts', expected: size },
    { request: 'GET /carts page 50', path: 'carts?page=50', expected: size },
    // Carts are created over 29 days, evenly: a week holds about 7/29 of them. Its partial hours at
    // either end are counted in the index: read units follow the shop's hourly rate (not budgeted).
    { request: 'GET /carts 7 days', path: `carts?createdAfter=${weekAgo}`, expected: -1 },
    { request: 'GET /orders', path: 'orders', expected: size },
    { request: 'GET /orders page 50', path: 'orders?page=50', expected: size },
    { request: 'GET /customers', path: 'customers', expected: size },
    { request: 'GET /customers page 50', path: 'customers?page=50', expected: size },
  ];
}

/**
 * `npm run bench:scale`, lists: for each size a shop with the demo catalog and `size` carts, orders
 * and customers seeded through the data layer, then each list request `samples` times over HTTP at
 * concurrency 1, with the API process's DynamoDB calls and read units per request.
 */
export async function measureListScale(
  api: Child,
  sizes: readonly number[],
  samples: number,
  say: (line: string) => void,
): Promise<ListScaleRow[]> {
  const url = String(api.ready.url);
  const demo = await readShopFile(SEED_SHOPS[0].file);
  const rows: ListScaleRow[] = [];
  for (const size of sizes) {
    const shopId = `scale${size}`;
    say(`seeding shop ${shopId}: ${size} carts, orders and customers...`);
    await importShop(shopId, { ...demo, customers: [] });
    await seedListedShop(shopId, size, say);
    const token = issueDevToken(shopId);
    for (const { request, path, expected } of listRequests(size)) {
      const one = { method: 'GET' as const, path: `/${shopId}/${path}`, headers: benchHeaders(token) };
      const first = await callApi(url, one);
      if (first.status !== 200)
        throw new Error(`${request} at ${size}: ${first.status} ${first.body.slice(0, 300)}`);
      await load(url, { connections: 1, amount: 3, next: () => one });
      await api.ask({ type: 'usage' });
      const measured = await load(url, { connections: 1, amount: samples, next: () => one });
      const usage = (await api.ask({ type: 'usage' })).usage as DynamoUsage;
      if (measured.failed > 0) throw new Error(`${request} at ${size}: ${measured.failures.join('; ')}`);
      const results = (JSON.parse(first.body) as { results: number }).results;
      rows.push({
        request,
        size,
        p50: percentile(measured.latencies, 50),
        p99: percentile(measured.latencies, 99),
        calls: usage.calls / measured.requests,
        readUnits: usage.readUnits / measured.requests,
        results,
        expected: expected < 0 ? results : expected,
      });
      say(
        `  ${request} at ${size}: p50 ${percentile(measured.latencies, 50)} ms, ${(usage.readUnits / measured.requests).toFixed(1)} RCU`,
      );
    }
  }
  return rows;
}

/** Most p50 at the largest size, as a multiple of the smallest size's (issue "Budgets"). */
export const LIST_SIZE_RATIO_BUDGET = 2;
/** Read units may differ by this much between sizes (rounding of DynamoDB's units). */
const READ_UNITS_SLACK = 1;
/** The p99 of every list route at the largest size, locally (issue "Done when"). */
export const LIST_P99_BUDGET_MS = 1000;

/** The list budgets each row misses, as printable lines. */
export function missedListBudgets(rows: readonly ListScaleRow[]): string[] {
  const missed: string[] = [];
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  for (const row of rows) {
    if (row.results !== row.expected)
      missed.push(`${row.request} at ${row.size}: results ${row.results}, shop holds ${row.expected}`);
    if (row.size !== largest) continue;
    if (row.p99 > LIST_P99_BUDGET_MS)
      missed.push(`${row.request} at ${row.size}: p99 ${row.p99} ms > ${LIST_P99_BUDGET_MS} ms`);
    const small = rows.find((r) => r.request === row.request && r.size === smallest);
    if (small && row.p50 > LIST_SIZE_RATIO_BUDGET * Math.max(small.p50, 1))
      missed.push(
        `${row.request}: p50 ${row.p50} ms at ${row.size} > ${LIST_SIZE_RATIO_BUDGET}× ${small.p50} ms at ${small.size}`,
      );
    // A deep page needs page × perPage items to skip: compare with the next size that has them.
    const deep = row.request.includes('page 50');
    const reference = rows.find(
      (r) => r.request === row.request && r.size === (deep ? sizes.at(-2) : smallest),
    );
    if (reference && row.readUnits > reference.readUnits + READ_UNITS_SLACK)
      missed.push(
        `${row.request}: ${row.readUnits.toFixed(1)} RCU at ${row.size} > ${reference.readUnits.toFixed(1)} at ${reference.size}`,
      );
  }
  return missed;
}

export function listTable(rows: readonly ListScaleRow[]): string {
  return table(
    ['list request', 'items', 'p50 ms', 'p99 ms', 'calls/req', 'RCU/req', 'results'],
    rows.map((r) => [
      r.request,
      String(r.size),
      String(r.p50),
      String(r.p99),
      r.calls.toFixed(1),
      r.readUnits.toFixed(1),
      String(r.results),
    ]),
  );
}
