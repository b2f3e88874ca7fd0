import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { newId } from '../../lib/data/ids';
import { importShop } from '../../lib/data/import-shop';
import { orderItem } from '../../lib/data/orders/order-items';
import { bulkLoadSalesTotals } from '../../lib/data/orders/sales-bulk-load';
import type { OrderRecord } from '../../lib/domain/orders/order';
import { issueDevToken } from '../local/dev-issuer';
import { readShopFile } from '../local/import-file';
import { SEED_SHOPS } from '../local/twin';
import { bulkWrite } from './bulk-write';
import type { Child } from './child-process';
import { benchHeaders } from './http-fixtures';
import { measureGet } from './measure-get';
import { seededCart, templateOrder } from './scale-seed';
import { table } from './stats';

const DAY = 24 * 3600 * 1000;
const PARALLEL = 6;
/** docs/orders.md "Sales figures": one year at 100,000 orders, with or without productId. */
export const SALES_RCU_BUDGET = 50;
export const SALES_P50_BUDGET_MS = 50;

/** The line mixes of the seeded orders (a decimal quantity among them), each in EUR and GBP. */
const MIXES = [
  [['espresso-beans', 2]],
  [
    ['espresso-beans', 1],
    ['merino-beanie', 1],
  ],
  [
    ['filter-coffee-by-weight', 0.75],
    ['merino-beanie', 2],
  ],
] as const;

/**
 * Seeds a shop with the demo catalog and `size` orders over the last 360 days (one in a hundred
 * rejected), through the data layer, and their sales
 * totals with the code the sales tally uses (lib/data/orders/sales-bulk-load.ts; the equivalence is
 * tested in test/integration/sales-cost.test.ts). Returns the orders that count.
 */
async function seedSalesShop(shopId: string, size: number, say: (line: string) => void): Promise<number> {
  const catalog = await loadCatalog(shopId);
  if (!catalog) throw new Error(`shop ${shopId} has no catalog`);
  const now = Date.now();
  const templates = ['EUR', 'GBP'].flatMap((currency) =>
    MIXES.map((mix) => {
      const lines = mix.map(([productId, quantity]) => {
        const product = catalog.products.get(productId);
        if (!product) throw new Error(`no product ${productId}`);
        return { product, quantity };
      });
      return templateOrder(catalog, seededCart(catalog, new Date(now), currency, lines, true));
    }),
  );
  const orders: OrderRecord[] = Array.from({ length: size }, (_, i) => {
    const template = templates[i % templates.length] as OrderRecord;
    const createdAt = new Date(now - 60_000 - ((i * 7919) % size) * ((360 * DAY) / size) - (i % 997));
    return {
      ...template,
      orderId: newId(),
      orderNumber: String(i + 1),
      customerId: `C${i % 1000}`,
      customerNumber: `S-${i % 1000}`,
      cartId: newId(),
      createdAt: createdAt.toISOString(),
      timestamps: { ...template.timestamps, rejectedOn: i % 100 === 99 ? createdAt.toISOString() : null },
    };
  });
  const started = performance.now();
  await bulkWrite(
    orders.map((order) => orderItem(order, 1)),
    { parallel: PARALLEL },
  );
  say(`  ${shopId}: ${size} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const items = await bulkLoadSalesTotals(shopId, orders, { parallel: PARALLEL });
  say(`  ${shopId}: ${items} totals items, ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  return orders.filter((o) => o.timestamps.rejectedOn === null).length;
}

export interface SalesScaleRow {
  request: string;
  orders: number;
  p50: number;
  p99: number;
  calls: number;
  readUnits: number;
  /** totalOrders summed over the currencies, against the orders that count (shop-wide requests). */
  totalOrders: number;
  expected: number;
}

/**
 * `npm run bench:scale -- --parts sales`: for each size a shop with `size` orders and their sales
 * totals, then GET /sales for a year (ending at an odd instant: every level read at both ends),
 * the same for one product, and the default 30 days, `samples` times each at concurrency 1.
 */
export async function measureSalesScale(
  api: Child,
  sizes: readonly number[],
  samples: number,
  say: (line: string) => void,
): Promise<SalesScaleRow[]> {
  const _url = String(api.ready.url);
  const demo = await readShopFile(SEED_SHOPS[0].file);
  const rows: SalesScaleRow[] = [];
  for (const size of sizes) {
    const shopId = `sales${size}`;
    say(`seeding shop ${shopId}: ${size} orders and their sales totals...`);
    await importShop(shopId, { ...demo, customers: [] });
    const counting = await seedSalesShop(shopId, size, say);
    const token = issueDevToken(shopId);
    const before = new Date(Date.now() - 12_345);
    const after = new Date(before);
    after.setUTCFullYear(after.getUTCFullYear() - 1);
    const year = `createdAfter=${after.toISOString()}&createdBefore=${before.toISOString()}`;
    const requests = [
      { request: 'GET /sales 1 year', path: `sales?${year}`, expected: counting },
      {
        request: 'GET /sales 1 year, productId',
        path: `sales?${year}&productId=espresso-beans`,
        expected: -1,
      },
      { request: 'GET /sales (30 days)', path: 'sales', expected: -1 },
    ];
    for (const { request, path, expected } of requests) {
      const one = { method: 'GET' as const, path: `/${shopId}/${path}`, headers: benchHeaders(token) };
      // Warm-up: the first size's requests also warm the handler's code paths (JIT).
      const { first, ...figures } = await measureGet(api, `${request} at ${size}`, one, samples, 10);
      const body = JSON.parse(first.body) as { salesPerCurrency: { totalOrders: number }[] };
      const totalOrders = body.salesPerCurrency.reduce((n, e) => n + e.totalOrders, 0);
      rows.push({
        request,
        orders: size,
        ...figures,
        totalOrders,
        expected: expected < 0 ? totalOrders : expected,
      });
      say(
        `  ${request} at ${size}: p50 ${figures.p50} ms, ${figures.readUnits.toFixed(1)} RCU, ${totalOrders} orders`,
      );
    }
  }
  return rows;
}

/** The budgets each row misses, as printable lines. */
export function missedSalesBudgets(rows: readonly SalesScaleRow[]): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    const at = `${row.request} at ${row.orders}`;
    if (row.totalOrders !== row.expected)
      missed.push(`${at}: totalOrders ${row.totalOrders}, expected ${row.expected}`);
    if (row.readUnits > SALES_RCU_BUDGET)
      missed.push(`${at}: ${row.readUnits.toFixed(1)} RCU > ${SALES_RCU_BUDGET}`);
    if (row.p50 > SALES_P50_BUDGET_MS)
      missed.push(`${at}: p50 ${row.p50.toFixed(1)} ms > ${SALES_P50_BUDGET_MS} ms`);
  }
  return missed;
}

export function salesTable(rows: readonly SalesScaleRow[]): string {
  return table(
    ['sales request', 'orders', 'p50 ms', 'p99 ms', 'calls/req', 'RCU/req', 'totalOrders'],
    rows.map((r) => [
      r.request,
      String(r.orders),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.calls.toFixed(1),
      r.readUnits.toFixed(1),
      String(r.totalOrders),
    ]),
  );
}
