import { issueDevToken } from '../local/dev-issuer';
import { BENCH_SHOP, importBenchShop } from './bench-shop';
import type { Child } from './child-process';
import type { DynamoUsage } from './dynamo-meter';
import { type BenchCart, benchHeaders, callApi, makeCarts } from './http-fixtures';
import { type LoadRequest, load } from './load';
import { percentile, table } from './stats';

/** Most p50 of PATCH /orders/{o} as a multiple of a cart change's p50 at c=1 (issue 24 "Budgets"). */
export const ORDER_PATCH_P50_RATIO_BUDGET = 1.5;

const ORDERS = 40;
const CARTS = 40;
const ROUNDS = 3;

/** One side of the comparison: a request kind measured at concurrency 1. */
export interface OrderPatchRow {
  request: string;
  p50: number;
  p99: number;
  calls: number;
  writeUnits: number;
  readUnits: number;
}

/**
 * `npm run bench:scale`, order-patch: PATCH /orders/{o} (an internal note, then the viewed time, on
 * orders placed through the API, round robin) against a cart change (PUT line-items/{l} on carts of
 * the same shop), both at concurrency 1, the two kinds taking turns in rounds so a slow moment of the
 * host falls on both. A PATCH reads and writes one order's partition, whatever the shop holds.
 */
export async function measureOrderPatch(
  api: Child,
  samples: number,
  say: (line: string) => void,
): Promise<OrderPatchRow[]> {
  const url = String(api.ready.url);
  await importBenchShop(BENCH_SHOP);
  const token = issueDevToken(BENCH_SHOP);
  say(`making ${ORDERS} orders and ${CARTS} carts for the order PATCH...`);
  const [toOrder, carts] = await Promise.all([
    makeCarts(url, BENCH_SHOP, token, ORDERS, 8),
    makeCarts(url, BENCH_SHOP, token, CARTS, 8),
  ]);
  const orderIds = await placeOrders(url, token, toOrder);
  const kinds: { request: string; next: (i: number) => LoadRequest }[] = [
    { request: 'PUT line-items/{l} (cart change)', next: (i) => cartChange(carts, token, i) },
    { request: 'PATCH /orders/{o}', next: (i) => orderPatch(orderIds, token, i) },
  ];
  const measured = kinds.map(() => ({ latencies: [] as number[], usage: emptyUsage(), requests: 0 }));
  let sent = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, kind] of kinds.entries()) {
      const offset = sent;
      await load(url, { connections: 1, amount: 3, next: (i) => kind.next(offset + i) });
      await api.ask({ type: 'usage' });
      const run = await load(url, {
        connections: 1,
        amount: samples,
        next: (i) => kind.next(offset + 3 + i),
      });
      const usage = (await api.ask({ type: 'usage' })).usage as DynamoUsage;
      if (run.failed > 0) throw new Error(`${kind.request}: ${run.failures.join('; ')}`);
      const into = measured[k] as (typeof measured)[number];
      into.latencies.push(...run.latencies);
      into.requests += run.requests;
      into.usage = addUsage(into.usage, usage);
      sent += samples + 3;
    }
  }
  return kinds.map(({ request }, k) => {
    const { latencies, usage, requests } = measured[k] as (typeof measured)[number];
    const row = {
      request,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      calls: usage.calls / requests,
      writeUnits: usage.writeUnits / requests,
      readUnits: usage.readUnits / requests,
    };
    say(`  ${request}: p50 ${row.p50} ms, ${row.calls.toFixed(1)} calls, ${row.writeUnits.toFixed(1)} WCU`);
    return row;
  });
}

/** The order PATCH budget missed, as printable lines. */
export function missedOrderPatchBudgets(rows: readonly OrderPatchRow[]): string[] {
  const [cart, patch] = rows;
  if (!cart || !patch) return ['order-patch: no figures'];
  const ratio = patch.p50 / cart.p50;
  return ratio > ORDER_PATCH_P50_RATIO_BUDGET
    ? [
        `PATCH /orders/{o}: p50 ${patch.p50} ms = ${ratio.toFixed(2)}× a cart change's ${cart.p50} ms > ${ORDER_PATCH_P50_RATIO_BUDGET}×`,
      ]
    : [];
}

export function orderPatchTable(rows: readonly OrderPatchRow[]): string {
  return table(
    ['request (c=1)', 'p50 ms', 'p99 ms', 'calls/req', 'RCU/req', 'WCU/req'],
    rows.map((r) => [
      r.request,
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.calls.toFixed(1),
      r.readUnits.toFixed(1),
      r.writeUnits.toFixed(1),
    ]),
  );
}

async function placeOrders(url: string, token: string, carts: readonly BenchCart[]): Promise<string[]> {
  const ids: string[] = [];
  for (const cart of carts) {
    const placed = await callApi(url, {
      method: 'POST',
      path: `/${BENCH_SHOP}/carts/${cart.cartId}/order`,
      headers: benchHeaders(token, { cartToken: cart.token }),
    });
    if (placed.status !== 201) throw new Error(`POST order: ${placed.status} ${placed.body.slice(0, 300)}`);
    ids.push((JSON.parse(placed.body) as { orderId: string }).orderId);
  }
  return ids;
}

function cartChange(carts: readonly BenchCart[], token: string, i: number): LoadRequest {
  const cart = carts[i % carts.length] as BenchCart;
  return {
    method: 'PUT',
    path: `/${BENCH_SHOP}/carts/${cart.cartId}/line-items/${cart.lineItemId}`,
    headers: benchHeaders(token, { cartToken: cart.token, json: true }),
    body: JSON.stringify({ quantity: 1 + (Math.floor(i / carts.length) % 5) }),
  };
}

/** Alternately a note and the viewed time: each a real change, so each PATCH writes. */
function orderPatch(orderIds: readonly string[], token: string, i: number): LoadRequest {
  const orderId = orderIds[i % orderIds.length] as string;
  const operation =
    i % 2 === 0
      ? { op: 'add', path: '/internalNote', value: `Checked by the bench, round ${i}` }
      : { op: 'add', path: '/viewedOn', value: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() };
  return {
    method: 'PATCH',
    path: `/${BENCH_SHOP}/orders/${orderId}`,
    headers: benchHeaders(token, { json: true }),
    body: JSON.stringify([operation]),
  };
}

interface Work {
  calls: number;
  readUnits: number;
  writeUnits: number;
}

function emptyUsage(): Work {
  return { calls: 0, readUnits: 0, writeUnits: 0 };
}

/** Adds a run's DynamoDB work, the rate limit's lease writes aside (as the HTTP suite counts). */
function addUsage(a: Work, b: DynamoUsage): Work {
  return {
    calls: a.calls + b.calls - b.leaseWrites,
    readUnits: a.readUnits + b.readUnits,
    writeUnits: a.writeUnits + b.writeUnits,
  };
}
