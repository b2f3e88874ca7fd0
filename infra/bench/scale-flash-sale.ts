import { shardLevels } from '../../lib/data/inventory/stock-shards';
import { QUANTITY_SCALE } from '../../lib/domain/quantity';
import { issueDevToken } from '../local/dev-issuer';
import { importBenchShop } from './bench-shop';
import { checkoutCarts } from './checkout-load';
import type { Child } from './child-process';
import type { DynamoUsage } from './dynamo-meter';
import {
  BUDGETED_SHARDS,
  type FlashSaleRow,
  flashSaleTable,
  missedFlashSaleBudgets,
} from './flash-sale-budgets';
import { type BenchCart, benchHeaders, callApi, makeCarts } from './http-fixtures';
import type { load } from './load';
import { percentile } from './stats';
import { holdsLeft, watchStock } from './stock-watcher';

/**
 * `npm run bench:scale`, flash sale (docs/performance.md "Flash sale"): one product with stock S,
 * 1.5 × S buyers each checking out a cart of one piece of it, at each concurrency, against the
 * checkout of carts whose products are untracked (scale-checkout's carts: nothing shared between
 * checkouts) at the same concurrency. A watcher reads the product's shards all along. The shop is
 * imported anew before every sale, so each starts from a full stock.
 */

const SHOP = 'flashsale';
/** Camping lantern: for sale, no variations, 32.50 EUR (over the demo's 5.00 minimum alone). */
const PRODUCT = 'camping-lantern';
/** Checkouts at c=1 before anything is measured (JIT, DynamoDB Local's first calls of a kind). */
const WARMUP = 20;

/**
 * The part as `npm run bench:scale` runs it: the sale at each concurrency of 16 and more (at 1
 * nothing contends), its table and the budgets it missed.
 */
export async function flashSalePart(
  api: Child,
  options: { concurrency: string; shards: string; stock: string },
  say: (line: string) => void,
): Promise<{ section: string; missed: string[] }> {
  const stock = Number(options.stock);
  const rows = await measureFlashSale(
    api,
    {
      concurrencies: options.concurrency
        .split(',')
        .map(Number)
        .filter((c) => c >= 16),
      shardCounts: options.shards.split(',').map(Number),
      stock,
    },
    say,
  );
  return {
    section: `flash sale: ${stock} in stock, ${Math.round(1.5 * stock)} buyers of one piece each, against checkouts of untracked products at the same concurrency (a stock watcher polling throughout, on both)\n\n${flashSaleTable(rows, stock)}`,
    missed: missedFlashSaleBudgets(rows, stock),
  };
}

export interface FlashSaleOptions {
  concurrencies: readonly number[];
  shardCounts: readonly number[];
  /** Stock S of the sale product (pieces); 1.5 × S buyers. */
  stock: number;
}

/**
 * Measures untracked checkouts and sales at each concurrency: untracked (half), the budgeted sale,
 * untracked (other half), then the other shard counts, so the budget's two sides are minutes apart
 * at most on a shared machine.
 */
export async function measureFlashSale(
  api: Child,
  { concurrencies, shardCounts, stock }: FlashSaleOptions,
  say: (line: string) => void,
): Promise<FlashSaleRow[]> {
  const url = String(api.ready.url);
  const token = issueDevToken(SHOP);
  const buyers = Math.round(stock * 1.5);
  const sale = (shards: number) =>
    importBenchShop(SHOP, { productId: PRODUCT, stocklevel: stock, stockShards: shards });
  await sale(BUDGETED_SHARDS);
  // autocannon may ask for a few requests more than it sends: a spare cart per connection and some.
  const spare = (c: number) => c + 8;
  const untrackedCount = concurrencies.reduce((n, c) => n + stock + 2 * spare(c), WARMUP);
  const saleCount = concurrencies.reduce((n, c) => n + shardCounts.length * (buyers + spare(c)), 0);
  say(`making ${untrackedCount} untracked and ${saleCount} sale carts...`);
  const started = performance.now();
  const untracked = await makeCarts(url, SHOP, token, untrackedCount, 16);
  const saleCarts = await makeCarts(url, SHOP, token, saleCount, 16, [{ productId: PRODUCT, quantity: 1 }]);
  say(`  made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const take = (pool: BenchCart[], n: number) => pool.splice(0, n);

  const checkout = (carts: BenchCart[], connections: number, amount: number) =>
    checkoutCarts(url, SHOP, token, carts, connections, amount);

  await checkout(take(untracked, WARMUP), 1, WARMUP);
  const rows: FlashSaleRow[] = [];
  for (const c of concurrencies) {
    const half = Math.ceil(stock / 2);
    const parts: Measured[] = [];
    const untrackedRun = async (n: number) => {
      say(`untracked checkouts at c=${c} (${n})...`);
      // The watcher's reads load DynamoDB Local during a sale: the same reads here keep it fair.
      const watcher = watchStock(SHOP, PRODUCT, BUDGETED_SHARDS);
      await api.ask({ type: 'usage' });
      const { result, bodies } = await checkout(take(untracked, n + spare(c)), c, n);
      parts.push({ ...result, bodies, usage: await usageOf(api) });
      await watcher.stop();
    };
    const saleRun = async (shards: number) => {
      await sale(shards);
      // The first request after an import refreshes the API's catalog: not the sale's cost.
      await callApi(url, {
        method: 'GET',
        path: `/${SHOP}/products/${PRODUCT}`,
        headers: benchHeaders(token),
      });
      say(`flash sale at c=${c}, ${shards} shard(s): ${buyers} buyers for ${stock}...`);
      const watcher = watchStock(SHOP, PRODUCT, shards);
      await api.ask({ type: 'usage' });
      const { result, bodies } = await checkout(take(saleCarts, buyers + spare(c)), c, buyers);
      const usage = await usageOf(api);
      const watch = await watcher.stop();
      const levels = await shardLevels(SHOP, PRODUCT, shards);
      rows.push({
        ...figures(shards, c, [{ ...result, bodies, usage }]),
        polls: watch.polls,
        lowestSum: watch.lowestSum / QUANTITY_SCALE,
        lowestShard: watch.lowestShard / QUANTITY_SCALE,
        finalStock: levels.reduce((a, b) => a + b, 0) / QUANTITY_SCALE,
        holdsLeft: await holdsLeft(SHOP, PRODUCT, shards),
      });
    };
    await untrackedRun(half);
    if (shardCounts.includes(BUDGETED_SHARDS)) await saleRun(BUDGETED_SHARDS);
    await untrackedRun(stock - half);
    rows.push(figures(null, c, parts));
    for (const shards of shardCounts) if (shards !== BUDGETED_SHARDS) await saleRun(shards);
  }
  return rows;
}

type Measured = Awaited<ReturnType<typeof load>> & {
  bodies: { status: number; body: string }[];
  usage: { usage: DynamoUsage; requests: number };
};

async function usageOf(api: Child): Promise<{ usage: DynamoUsage; requests: number }> {
  return (await api.ask({ type: 'usage' })) as unknown as { usage: DynamoUsage; requests: number };
}

/** One row from one or more runs (the untracked checkouts come in two halves). */
function figures(shards: number | null, connections: number, runs: readonly Measured[]): FlashSaleRow {
  const answers = runs.flatMap((r) => r.answers);
  const orderMs = answers.filter((a) => a.status === 201).map((a) => a.ms);
  // Until the last order of each run: the sale's 409s after sell-out are not its selling time.
  const sellingMs = runs.reduce(
    (sum, r) => sum + Math.max(0, ...r.answers.filter((a) => a.status === 201).map((a) => a.at)),
    0,
  );
  const other: Record<string, number> = {};
  let soldOut = 0;
  for (const { status, body } of runs.flatMap((r) => r.bodies)) {
    if (status === 201) continue;
    if (status === 409 && isSoldOut(body)) soldOut++;
    else other[status] = (other[status] ?? 0) + 1;
  }
  const served = runs.reduce((n, r) => n + r.usage.requests, 0);
  const sum = (pick: (u: DynamoUsage) => number) =>
    runs.reduce((n, r) => n + pick(r.usage.usage), 0) / served;
  const leaseWrites = sum((u) => u.leaseWrites);
  return {
    shards,
    connections,
    requests: answers.length,
    orders: orderMs.length,
    soldOut,
    other,
    p50: percentile(orderMs, 50),
    p99: percentile(orderMs, 99),
    ordersPerSecond: orderMs.length / (sellingMs / 1000),
    calls: sum((u) => u.calls) - leaseWrites,
    readUnits: sum((u) => u.readUnits),
    // A lease write is one small UpdateItem: 1 WCU.
    writeUnits: sum((u) => u.writeUnits) - leaseWrites,
    polls: 0,
    lowestSum: Number.NaN,
    lowestShard: Number.NaN,
    finalStock: Number.NaN,
    holdsLeft: 0,
  };
}

function isSoldOut(body: string): boolean {
  try {
    return (JSON.parse(body) as { errors?: { available?: number }[] }).errors?.[0]?.available === 0;
  } catch {
    return false;
  }
}
