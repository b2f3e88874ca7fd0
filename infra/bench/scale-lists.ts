import { importShop } from '../../lib/data/import-shop';
import { CART_TOKEN_HEADER } from '../../lib/http/middleware/cart-token';
import { issueDevToken } from '../local/dev-issuer';
import { readShopFile } from '../local/import-file';
import { SEED_SHOPS } from '../local/twin';
import type { Child } from './child-process';
import { benchHeaders, callApi } from './http-fixtures';
import { load } from './load';
import { measureGet } from './measure-get';
import { seedListedShop } from './scale-seed';
import { table } from './stats';

/** One list request measured on a shop of one size. */
export interface ListScaleRow {
  request: string;
  budget: Budget;
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
/** How a row is budgeted (listRequests); `cartRead` is the reference a list's p50 is held to. */
type Budget = 'vsSmallest' | 'deep' | 'window' | 'cartRead';
const CART_READ = 'GET /carts/{c} (reference)';

/**
 * The list requests measured, and how each is budgeted: `vsSmallest` compares p50 and read units
 * with the smallest shop; a deep page of 10 compares read units with the next smaller size that has
 * 500 items (the smallest has no page 50 of 10); a window's partial hours are counted in the index,
 * so its read units follow the shop's hourly rate and are not budgeted.
 */
function listRequests(size: number) {
  const weekAgo = new Date(Date.now() - 7 * DAY).toISOString();
  const all = (request: string, path: string, budget: Budget) => ({
    request,
    path,
    budget,
    expected: size,
  });
  return [
    all('GET /carts', 'carts', 'vsSmallest'),
    // Page 50 of 2: the last page of the 100-item shop, the 50th of any other.
    all('GET /carts page 50 of 2', 'carts?page=50&resultsPerPage=2', 'vsSmallest'),
    all('GET /carts page 50 of 10', 'carts?page=50', 'deep'),
    // Carts are created over 29 days, evenly: a week holds about 7/29 of them.
    { ...all('GET /carts 7 days', `carts?createdAfter=${weekAgo}`, 'window'), expected: -1 },
    all('GET /orders', 'orders', 'vsSmallest'),
    all('GET /orders page 50 of 2', 'orders?page=50&resultsPerPage=2', 'vsSmallest'),
    all('GET /orders page 50 of 10', 'orders?page=50', 'deep'),
    all('GET /customers', 'customers', 'vsSmallest'),
    all('GET /customers page 50 of 2', 'customers?page=50&resultsPerPage=2', 'vsSmallest'),
    all('GET /customers page 50 of 10', 'customers?page=50', 'deep'),
  ];
}

/**
 * `npm run bench:scale`, lists: for each size a shop with the demo catalog and `size` carts, orders
 * and customers seeded through the data layer, then each list request `samples` times over HTTP at
 * concurrency 1, with the API process's DynamoDB calls and read units per request (the first shop
 * after a warm-up of every list request, unrecorded).
 */
export async function measureListScale(
  api: Child,
  sizes: readonly number[],
  samples: number,
  say: (line: string) => void,
): Promise<ListScaleRow[]> {
  const demo = await readShopFile(SEED_SHOPS[0].file);
  const rows: ListScaleRow[] = [];
  for (const size of sizes) {
    const shopId = `scale${size}`;
    say(`seeding shop ${shopId}: ${size} carts, orders and customers...`);
    await importShop(shopId, { ...demo, customers: [] });
    await seedListedShop(shopId, size, say);
    const token = issueDevToken(shopId);
    // The first shop's lists would otherwise be measured while the process still compiles their
    // code (p50 up to twice the next size's), against a cart read measured after them, warm.
    if (size === sizes[0]) await warmUp(api, shopId, token, size);
    for (const { request, path, expected, budget } of listRequests(size)) {
      const one = { method: 'GET' as const, path: `/${shopId}/${path}`, headers: benchHeaders(token) };
      const { first, ...figures } = await measureGet(api, `${request} at ${size}`, one, samples);
      const results = (JSON.parse(first.body) as { results: number }).results;
      rows.push({ request, budget, size, ...figures, results, expected: expected < 0 ? results : expected });
      say(`  ${request} at ${size}: p50 ${figures.p50} ms, ${figures.readUnits.toFixed(1)} RCU`);
    }
    // After the lists: the cart it makes would count in them.
    rows.push(await measureCartRead(api, shopId, token, size, samples));
  }
  return rows;
}

/** Rounds of every list request before the first shop's are measured (not recorded). */
const WARM_UP_ROUNDS = 50;

/** Every list request WARM_UP_ROUNDS times, one at a time, so the measured ones run on compiled code. */
async function warmUp(api: Child, shopId: string, token: string, size: number): Promise<void> {
  const url = String(api.ready.url);
  const requests = listRequests(size).map(({ path }) => ({
    method: 'GET' as const,
    path: `/${shopId}/${path}`,
    headers: benchHeaders(token),
  }));
  await load(url, {
    connections: 1,
    amount: WARM_UP_ROUNDS * requests.length,
    next: (i) => requests[i % requests.length] as (typeof requests)[number],
  });
}

/** One cart read (GET /carts/{c} of a cart made for it) in the shop, the reference of list p50s. */
async function measureCartRead(
  api: Child,
  shopId: string,
  token: string,
  size: number,
  samples: number,
): Promise<ListScaleRow> {
  const made = await callApi(String(api.ready.url), {
    method: 'POST',
    path: `/${shopId}/carts`,
    headers: benchHeaders(token, { json: true }),
    body: '{}',
  });
  if (made.status !== 201) throw new Error(`POST /carts: ${made.status} ${made.body}`);
  const { cartId } = JSON.parse(made.body) as { cartId: string };
  const cartToken = made.headers.get(CART_TOKEN_HEADER) ?? '';
  const read = {
    method: 'GET' as const,
    path: `/${shopId}/carts/${cartId}`,
    headers: benchHeaders(token, { cartToken }),
  };
  const { first: _, ...figures } = await measureGet(api, `${CART_READ} at ${size}`, read, samples);
  return { request: CART_READ, budget: 'cartRead', size, ...figures, results: 0, expected: 0 };
}

/** Most p50 of a list, as a multiple of a cart read's in the same shop (issue "Budgets"). */
export const LIST_VS_CART_READ_BUDGET = 2;
/** Most p50 at the largest size, as a multiple of the smallest size's (issue "Budgets"). */
export const LIST_SIZE_RATIO_BUDGET = 2;
/** Read units may differ by this much between sizes (rounding of DynamoDB's units). */
const READ_UNITS_SLACK = 1;
/** The p99 of every list route at the largest size, locally (issue "Done when"). */
export const LIST_P99_BUDGET_MS = 1000;
/** DynamoDB calls a list request makes at most, at every size and page (docs/data-model.md "Lists"). */
export const LIST_CALLS_BUDGET = 6;

/** The list budgets each row misses, as printable lines. */
export function missedListBudgets(rows: readonly ListScaleRow[]): string[] {
  const missed: string[] = [];
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  for (const row of rows) {
    if (row.results !== row.expected)
      missed.push(`${row.request} at ${row.size}: results ${row.results}, shop holds ${row.expected}`);
    if (row.calls > LIST_CALLS_BUDGET)
      missed.push(`${row.request} at ${row.size}: ${row.calls.toFixed(1)} calls > ${LIST_CALLS_BUDGET}`);
    const cartRead = rows.find((r) => r.budget === 'cartRead' && r.size === row.size);
    if (row.budget === 'vsSmallest' && cartRead && row.p50 > LIST_VS_CART_READ_BUDGET * cartRead.p50)
      missed.push(
        `${row.request} at ${row.size}: p50 ${ms(row.p50)} > ${LIST_VS_CART_READ_BUDGET}× a cart read's ${ms(cartRead.p50)}`,
      );
    if (row.size !== largest) continue;
    if (row.p99 > LIST_P99_BUDGET_MS)
      missed.push(`${row.request} at ${row.size}: p99 ${ms(row.p99)} > ${LIST_P99_BUDGET_MS} ms`);
    const at = (size: number | undefined) => rows.find((r) => r.request === row.request && r.size === size);
    const small = at(smallest);
    if (row.budget === 'vsSmallest' && small && row.p50 > LIST_SIZE_RATIO_BUDGET * small.p50)
      missed.push(
        `${row.request}: p50 ${ms(row.p50)} at ${row.size} > ${LIST_SIZE_RATIO_BUDGET}× ${ms(small.p50)} at ${smallest}`,
      );
    const reference =
      row.budget === 'deep' ? at(sizes.at(-2)) : row.budget === 'vsSmallest' ? small : undefined;
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
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.calls.toFixed(1),
      r.readUnits.toFixed(1),
      String(r.results),
    ]),
  );
}
