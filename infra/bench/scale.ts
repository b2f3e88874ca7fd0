/**
 * `npm run bench:scale` (issue "Scale"): whether latency and cost stay flat as a shop grows. Parts,
 * one table each, exit 1 when a budget is missed (each printed):
 * The lists go first: the checkouts leave the demo shop's fold work to the twin's schedule.
 * - lists: shops of growing size (default 100, 10,000 and 100,000 carts, orders and customers,
 *   seeded through the data layer), each list request over HTTP at concurrency 1: p50, p99,
 *   DynamoDB calls and read units per request, `results` against what the shop holds, and a cart
 *   read (GET /carts/{c}) in the same shop. Budgets: ≤ 6 calls; p50 ≤ 2× the cart read's; p50
 *   at the largest size ≤ 2× the smallest's; read units independent of size (a deep page against
 *   the next smaller size that has that many items); p99 under 1 s at the largest size.
 * - checkout: POST /carts/{c}/order on distinct carts at c=1, 16 and 64 against its floor at the
 *   same concurrency. Budgets at c ≥ 16: p50 ≤ 1.5× the floor's, orders/s ≥ 2/3 of the floor's, no
 *   409 or 503.
 * - catalog: catalogs of 1,000, 10,000 and 100,000 products in a DynamoDB Local of their own; the
 *   first catalog request of a fresh API process (a cold start), the first request of that process
 *   after a product was changed through another one, read units, RSS, and the warm page of sold-out
 *   and low products (`availability=OutStock,WarnStock`) against the unfiltered page
 *   (infra/bench/scale-catalog.ts). Budgets at 100,000 products: first request ≤ 3 s, after a write
 *   ≤ 1 s, RSS ≤ 70 % of 1024 MB; at every size the filtered page's p50 ≤ 2× the unfiltered one's.
 * - flash-sale: one product with stock S (--stock, 1,000) and 1.5 × S buyers at c=16 and 64, on 1,
 *   4 and 8 shards (--shards), against untracked checkouts (infra/bench/scale-flash-sale.ts).
 * - order-patch: PATCH /orders/{o} against a cart change, both at c=1. Budget: p50 ≤ 1.5× the cart
 *   change's (infra/bench/scale-order-patch.ts).
 * - sales (only when named): shops of 100 and 100,000 orders with their sales totals (--sales-sizes),
 *   GET /sales for a year, with productId and for 30 days (infra/bench/scale-sales.ts). Budgets:
 *   ≤ 50 RCU and p50 ≤ 50 ms at every size.
 * - order-filters (only when named): shops of 100 and 100,000 orders (--order-sizes) of varied statuses,
 *   products, currencies and customers; the order index's cold load (the first filtered request),
 *   then GET /orders page 1 with no filter, each filter alone and two combined
 *   (infra/bench/scale-order-filters.ts). Budgets at the largest size: read units ≤ 2× the
 *   unfiltered page 1's, p50 ≤ 2× the same request's at the smallest.
 * - coupons (only when named): 1.5 × L buyers race their checkouts on one code of usesPerCode L
 *   (--coupon-uses, 100) at each concurrency: exactly L orders and uses, the rest 409 with no use left,
 *   no 5xx (infra/bench/scale-coupons.ts).
 * - webhook-checkout (only when named): checkout p50 at c=1 in a shop with three webhooks (healthy,
 *   failing, dead) against one without, on a twin with its stream and webhook delivery running
 *   (infra/bench/scale-webhook-checkout.ts). Budget: p50 ≤ 1.15× (within noise).
 * - webhook-delivery (only when named): 1,000 events to a healthy receiver alone, then beside one
 *   failing two attempts of each and one down for 30 s, on the twin's delivery queue in a DynamoDB
 *   Local of its own (infra/bench/scale-webhook-delivery.ts). Budget: healthy p99 ≤ 1 s.
 * - product-writes (only when named): POST /products and PATCH /products/{p} against a category
 *   write, the read units of the next read on another warm instance after each product write,
 *   --write-patches PATCHes of distinct products at c=1 and at c=16, and the cold start and RSS
 *   after them, on --write-products products (`demo`: the demo shop; infra/bench/scale-product-writes.ts).
 *   Budgets: p50 ≤ 1.5× the category write's, ≤ 2 RCU, no 409 or 5xx, c=16 ≥ 4× the PATCHes/s
 *   of c=1, and at 100,000 products a cold start ≤ 3 s and RSS ≤ 70 % of 1024 MB.
 * - export (only when named): the product export of catalogs of --products sizes, generated in a
 *   fresh process into the embedded S3 server: records, time, RSS and heap growth (infra/bench/
 *   scale-export.ts). Budgets: catalog load + export within the export function's timeout, peak
 *   RSS ≤ 70 % of its memory.
 * - sale-lag (only when named): --lag-orders checkouts at c=16 on a twin whose stream runs, the day's
 *   figures read every 50 ms: how long after its answer GET /sales counts an order, and the stream's
 *   own lag per consumer (infra/bench/scale-sale-lag.ts). Budget: p99 ≤ 2 s, none uncounted.
 * - webhook-lag (only when named): 200 checkouts, then PATCHes of 100 of their orders, started
 *   --hook-rate (10) a second (or with --hook-rate 0, --hook-concurrency (4) at a time, which keeps
 *   both CPUs saturated), in a shop whose healthy receiver takes ORDER_CREATE and ORDER_UPDATE: each
 *   event's arrival after its request's answer (infra/bench/scale-webhook-lag.ts). Budget: p99 ≤ 1 s,
 *   none missing.
 * - console (only when named): the merchant console's orders and products index screens in chromium
 *   at --console-size (10,000) orders and products: from the API answer to the rows on screen
 *   (infra/bench/scale-console.ts). Budget: p50 ≤ 300 ms.
 * Options: --parts lists,checkout,catalog,flash-sale,order-patch[,sales,order-filters,coupons,console,
 * webhook-checkout,webhook-delivery,product-writes,export,sale-lag,webhook-lag] --lag-orders 400 --hook-rate 10 --hook-concurrency 4 --sales-sizes 100,100000 --order-sizes 100,100000 --sizes
 * 100,10000,100000 --products 1000,10000,100000 --samples N (30) --concurrency 1,16,64 --stock 1000
 * --shards 1,4,8 --coupon-uses 100 --write-products 100000|demo --write-patches 2000 --write-concurrency 1
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { applyLocalEnv } from '../local/local-env';
import { type Child, startChild } from './child-process';
import { httpTable } from './http-suite';
import { machine } from './machine';
import { BENCH_ENV, report } from './report';
import { type CatalogScaleRow, measureCatalogScale, missedCatalogBudgets } from './scale-catalog';
import { measureCheckoutScale, missedCheckoutBudgets } from './scale-checkout';
import { consoleTable, measureConsoleScale, missedConsoleBudgets } from './scale-console';
import { couponRacePart } from './scale-coupons';
import { EXPORT_BUDGETS, exportTable, measureExportScale, missedExportBudgets } from './scale-export';
import { flashSalePart } from './scale-flash-sale';
import { listTable, measureListScale, missedListBudgets } from './scale-lists';
import { measureOrderFilters, missedOrderFilterBudgets, orderFilterTable } from './scale-order-filters';
import { measureOrderPatch, missedOrderPatchBudgets, orderPatchTable } from './scale-order-patch';
import {
  measureProductWrites,
  missedProductWriteBudgets,
  productWritesSection,
} from './scale-product-writes';
import { measureSaleLag, missedSaleLagBudgets, saleLagTable } from './scale-sale-lag';
import { measureSalesScale, missedSalesBudgets, salesTable } from './scale-sales';
import {
  measureWebhookCheckout,
  missedWebhookCheckoutBudgets,
  webhookCheckoutTable,
} from './scale-webhook-checkout';
import {
  measureWebhookDelivery,
  missedWebhookDeliveryBudgets,
  webhookDeliveryTable,
} from './scale-webhook-delivery';
import { measureWebhookLag, missedWebhookLagBudgets, webhookLagTable } from './scale-webhook-lag';
import { table } from './stats';
import { streamLagTable } from './stream-lag';

const say = (line: string) => process.stderr.write(`${line}\n`);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      parts: { type: 'string', default: 'lists,checkout,catalog,flash-sale,order-patch' },
      sizes: { type: 'string', default: '100,10000,100000' },
      'sales-sizes': { type: 'string', default: '100,100000' },
      'order-sizes': { type: 'string', default: '100,100000' },
      products: { type: 'string', default: '1000,10000,100000' },
      samples: { type: 'string', default: '30' },
      concurrency: { type: 'string', default: '1,16,64' },
      stock: { type: 'string', default: '1000' },
      shards: { type: 'string', default: '1,4,8' },
      'coupon-uses': { type: 'string', default: '100' },
      'write-products': { type: 'string', default: '100000' },
      'write-patches': { type: 'string', default: '2000' },
      'write-concurrency': { type: 'string', default: '1' },
      'lag-orders': { type: 'string', default: '400' },
      'hook-rate': { type: 'string', default: '10' },
      'hook-concurrency': { type: 'string', default: '4' },
      'console-size': { type: 'string', default: '10000' },
    },
    strict: true,
  });
  const parts = new Set(values.parts.split(','));
  const env = BENCH_ENV;

  Object.assign(process.env, env);
  const started = performance.now();
  const m = machine();
  const sections = [
    `machine: ${m.cpus} CPUs, ${m.cpuModel}, Node ${m.node}; DynamoDB Local in memory on the same CPUs`,
  ];
  const missed: string[] = [];
  let api: Child | undefined;
  let floor: Child | undefined;
  try {
    const twinParts = [
      'lists',
      'checkout',
      'flash-sale',
      'order-patch',
      'sales',
      'order-filters',
      'coupons',
      'console',
    ];
    if (twinParts.some((part) => parts.has(part))) {
      say('starting the local twin (DynamoDB Local, demo shops, API server)...');
      api = await startChild(here('./api-process.ts'), env);
      const dynamoEndpoint = String(api.ready.dynamoEndpoint);
      applyLocalEnv({ endpoint: dynamoEndpoint, s3Endpoint: String(api.ready.s3Endpoint) });
      if (parts.has('lists')) {
        const sizes = values.sizes.split(',').map(Number);
        const rows = await measureListScale(api, sizes, Number(values.samples), say);
        sections.push(
          `lists by shop size (${values.samples} requests each at concurrency 1, resultsPerPage 10 unless named)\n\n${listTable(rows)}`,
        );
        missed.push(...missedListBudgets(rows));
      }
      if (parts.has('order-filters')) {
        const sizes = values['order-sizes'].split(',').map(Number);
        // A fresh API process on the same DynamoDB Local: a new Lambda instance of the same shop.
        const freshApi = () =>
          startChild(here('./catalog-api-process.ts'), { ...env, BENCH_DYNAMODB_ENDPOINT: dynamoEndpoint });
        const { rows, cold, floors } = await measureOrderFilters(
          api,
          freshApi,
          sizes,
          Number(values.samples),
          say,
        );
        sections.push(
          `GET /orders filters by shop size (${values.samples} requests each at concurrency 1, resultsPerPage 10)\n\n${orderFilterTable(rows, cold, floors)}`,
        );
        missed.push(...missedOrderFilterBudgets(rows, cold));
      }
      if (parts.has('checkout')) {
        floor = await startChild(here('./floor-server.ts'), {
          ...env,
          BENCH_DYNAMODB_ENDPOINT: dynamoEndpoint,
        });
        const results = await measureCheckoutScale(
          api,
          floor,
          values.concurrency.split(',').map(Number),
          say,
        );
        sections.push(
          `checkout on distinct carts against its floor at the same concurrency (autocannon, 127.0.0.1)\n\n${httpTable(results)}`,
        );
        missed.push(...missedCheckoutBudgets(results));
        await floor.stop();
        floor = undefined;
      }
      if (parts.has('sales')) {
        const rows = await measureSalesScale(
          api,
          values['sales-sizes'].split(',').map(Number),
          Number(values.samples),
          say,
        );
        sections.push(
          `sales report by orders (${values.samples} requests each at concurrency 1)\n\n${salesTable(rows)}`,
        );
        missed.push(...missedSalesBudgets(rows));
      }
      if (parts.has('flash-sale')) {
        const { section, missed: sale } = await flashSalePart(api, values, say);
        sections.push(section);
        missed.push(...sale);
      }
      if (parts.has('coupons')) {
        const { section, missed: coupons } = await couponRacePart(api, values, say);
        sections.push(section);
        missed.push(...coupons);
      }
      if (parts.has('console')) {
        const rows = await measureConsoleScale(
          api,
          Number(values['console-size']),
          Number(values.samples),
          say,
        );
        sections.push(
          `the merchant console's index screens in chromium (${values.samples} loads each, after one unrecorded)\n\n${consoleTable(rows)}`,
        );
        missed.push(...missedConsoleBudgets(rows));
      }
      if (parts.has('order-patch')) {
        const rows = await measureOrderPatch(api, Number(values.samples), say);
        sections.push(
          `order PATCH against a cart change (concurrency 1, ${values.samples} requests × 3 rounds each)\n\n${orderPatchTable(rows)}`,
        );
        missed.push(...missedOrderPatchBudgets(rows));
      }
      await api.stop();
      api = undefined;
    }
    /** A twin whose stream runs (and its webhook deliveries to local receivers, when asked). */
    const startStreamingTwin = async (webhooks: boolean) => {
      const child = await startChild(here('./api-process.ts'), {
        ...env,
        BENCH_STREAM: 'on',
        ...(webhooks ? { WEBHOOK_ALLOW_LOCAL: 'true' } : {}),
      });
      applyLocalEnv({
        endpoint: String(child.ready.dynamoEndpoint),
        s3Endpoint: String(child.ready.s3Endpoint),
      });
      return child;
    };
    if (parts.has('webhook-checkout')) {
      say('starting a twin with its stream and webhook delivery running...');
      api = await startStreamingTwin(true);
      const { rows, delivered } = await measureWebhookCheckout(api, Number(values.samples), say);
      sections.push(
        `checkout with and without webhooks (concurrency 1, ${values.samples} requests × 3 rounds each)\n\n${webhookCheckoutTable(rows)}`,
      );
      missed.push(...missedWebhookCheckoutBudgets(rows, delivered));
      await api.stop();
      api = undefined;
    }
    if (parts.has('sale-lag')) {
      say('starting a twin with its stream running (the sales tally)...');
      api = await startStreamingTwin(false);
      const row = await measureSaleLag(api, Number(values['lag-orders']), say);
      sections.push(
        `a sale counted by GET /sales after its checkout's answer (${row.orders} checkouts at concurrency 16, the figures read every 50 ms)\n\n${saleLagTable(row)}`,
      );
      missed.push(...missedSaleLagBudgets(row));
      await api.stop();
      api = undefined;
    }
    if (parts.has('webhook-lag')) {
      say('starting a twin with its stream and webhook delivery running...');
      api = await startStreamingTwin(true);
      const load = { rate: Number(values['hook-rate']), concurrency: Number(values['hook-concurrency']) };
      const { rows, stream, requestsPerSecond, cpuBusy } = await measureWebhookLag(api, load, say);
      sections.push(
        `a healthy receiver's order webhooks after the API's answer (200 checkouts, then 100 order PATCHes, ${load.rate > 0 ? `started ${load.rate} a second` : `${load.concurrency} at a time`}: ${requestsPerSecond.toFixed(1)} a second; the host's CPUs ${Math.round(cpuBusy * 100)} % busy meanwhile)\n\n${webhookLagTable(rows)}\n\nthe stream's part of it (DynamoDB answered the write → consumer done)\n\n${streamLagTable(stream)}`,
      );
      missed.push(...missedWebhookLagBudgets(rows));
      await api.stop();
      api = undefined;
    }
    if (parts.has('webhook-delivery')) {
      const rows = await measureWebhookDelivery(say);
      sections.push(
        `webhook deliveries on the twin (1,000 events, a receiver failing 2 attempts of each, one down 30 s; 32 attempts at once)\n\n${webhookDeliveryTable(rows)}`,
      );
      missed.push(...missedWebhookDeliveryBudgets(rows));
    }
    if (parts.has('catalog')) {
      const rows = await measureCatalogScale(values.products.split(',').map(Number), say);
      sections.push(
        `catalog by size (first request of a fresh API process; one product changed through another)\n\n${catalogTable(rows)}`,
      );
      missed.push(...missedCatalogBudgets(rows));
    }
    if (parts.has('product-writes')) {
      const result = await measureProductWrites(
        {
          products: values['write-products'] === 'demo' ? 'demo' : Number(values['write-products']),
          patches: Number(values['write-patches']),
          samples: Number(values.samples),
          concurrency: Number(values['write-concurrency']),
        },
        say,
      );
      sections.push(productWritesSection(result));
      missed.push(...missedProductWriteBudgets(result));
    }
    if (parts.has('export')) {
      const rows = await measureExportScale(values.products.split(',').map(Number), say);
      sections.push(
        `product export by catalog size (a fresh process: catalog load, then the export; function ${EXPORT_BUDGETS.timeLimitMs / 1000} s, RSS budget ${Math.round(EXPORT_BUDGETS.rssMb)} MB)\n\n${exportTable(rows)}`,
      );
      missed.push(...missedExportBudgets(rows));
    }
  } finally {
    await floor?.stop();
    await api?.stop();
  }
  sections.push(`bench:scale took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  return report(sections, missed, say);
}

process.exitCode = await main();

function catalogTable(rows: readonly CatalogScaleRow[]): string {
  return table(
    [
      'products',
      'first request ms',
      'RCU',
      'after a write ms',
      'RCU',
      'RSS MB',
      'page p50 ms',
      'sold out + low p50 ms',
      'of',
    ],
    rows.map((r) => [
      String(r.products),
      r.firstRequestMs.toFixed(0),
      r.readUnitsCold.toFixed(0),
      r.firstRequestAfterWriteMs.toFixed(0),
      r.readUnitsAfterWrite.toFixed(0),
      r.rssMb.toFixed(0),
      r.unfilteredP50Ms.toFixed(1),
      r.filteredP50Ms.toFixed(1),
      String(r.filteredResults),
    ]),
  );
}
