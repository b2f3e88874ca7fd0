import { fileURLToPath } from 'node:url';
import { pruneCatalogLog } from '../../lib/data/catalog/catalog-log-prune';
import { createTableIfMissing } from '../../lib/data/create-table';
import { issueDevToken } from '../local/dev-issuer';
import { startDynamoDbLocal } from '../local/dynamodb-local';
import { importShopFile } from '../local/import-file';
import { applyLocalEnv } from '../local/local-env';
import { type Child, startChild } from './child-process';
import { ACCEPT_V1 } from './http-fixtures';
import { type LoadRequest, load } from './load';
import { descendantPid, processCpuMs } from './process-cpu';
import { CATALOG_BUDGETS, call, usageOf } from './scale-catalog';
import {
  measurePatchRates,
  missedPatchRateBudgets,
  type PatchRateRow,
  patchRateTable,
} from './scale-patch-rates';
import { importBenchCatalog } from './setup';
import { percentile, table } from './stats';

/**
 * `npm run bench:scale -- --parts product-writes` (issue 25 "Budgets", docs/catalog.md "The
 * catalog projection"): product writes on a generated catalog (--write-products, 100,000; `demo`: the
 * demo shop's file) in a DynamoDB Local of their own, through two API processes (two warm Lambda
 * instances):
 * 1. POST /products and PATCH /products/{p} (a name) against a category write (PUT
 *    /categories/{c}), each at the same concurrency, taking turns in rounds. Budget: p50 ≤ 1.5× the
 *    category write's.
 * 2. After each kind of product write (create, patch, delete) on one process, the next product list
 *    on the other: its read units (the refresh by difference). Budget: ≤ 2 RCU.
 * 3. --write-patches (2,000) PATCHes of distinct products at c=1, then as many at c=16
 *    (infra/bench/scale-patch-rates.ts), with the CPU a PATCH of the bench, the API process and
 *    DynamoDB Local, and the DynamoDB calls a PATCH. Budgets: no 409, no 5xx, c=16 ≥ 4× the rate of c=1.
 * 4. A fresh process's first product list (a cold start after them) and its RSS. Budgets at 100,000
 *    products: ≤ 3 s, ≤ 70 % of 1024 MB.
 */

/** Most p50 of a product write as a multiple of a category write's (issue 25). */
export const PRODUCT_WRITE_P50_RATIO_BUDGET = 1.5;
/** Most read units of the next read on another warm instance after a product write. */
export const READ_UNITS_AFTER_WRITE_BUDGET = 2;

const ROUNDS = 3;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export interface ProductWritesResult {
  /** The catalog: its product count, or `demo`. */
  products: number | 'demo';
  concurrency: number;
  latency: { request: string; p50: number; p99: number; requests: number }[];
  afterWrite: { write: string; readUnits: number; ms: number }[];
  /** PATCHes of distinct products at c=1 and c=16. */
  rates: PatchRateRow[];
  coldMs: number;
  coldReadUnits: number;
  rssMb: number;
}

export async function measureProductWrites(
  options: { products: number | 'demo'; patches: number; samples: number; concurrency: number },
  say: (line: string) => void,
): Promise<ProductWritesResult> {
  say('starting DynamoDB Local for the product writes...');
  const dynamo = await startDynamoDbLocal();
  try {
    applyLocalEnv({ endpoint: dynamo.endpoint });
    await createTableIfMissing();
    const shopId = `writes${options.products}`;
    if (options.products === 'demo') await importShopFile(shopId, 'infra/local/seed/demo.json');
    else {
      const imported = await importBenchCatalog({ shopId, products: options.products, seed: 1 }, say);
      say(`  imported ${options.products} products in ${(imported.importMs / 1000).toFixed(1)} s`);
    }
    const env = {
      BENCH_DYNAMODB_ENDPOINT: dynamo.endpoint,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_HOUR: '100000000',
    };
    const token = issueDevToken(shopId);
    const writer = await startChild(here('./catalog-api-process.ts'), env);
    const reader = await startChild(here('./catalog-api-process.ts'), env);
    try {
      const api = (child: Child, path: string, init: { method?: string; body?: unknown } = {}) =>
        call(child, token, `/${shopId}${path}`, init);
      const list = await api(reader, '/products?resultsPerPage=100&includeInvisible=true');
      const productIds = (list.body as { items: { productId: string }[] }).items.map((p) => p.productId);
      const categories = (await api(writer, '/categories?includeInvisible=true')).body as {
        categoryId: string;
      }[];
      const categoryId = categories[1]?.categoryId;
      if (!categoryId || productIds.length === 0)
        throw new Error('the generated catalog has no products or categories');

      const latency = await writeLatencies(writer, shopId, token, categoryId, productIds, options, say);
      const afterWrite = await readsAfterWrites(writer, reader, api, productIds, say);

      const pruner = pruneBeside(shopId);
      const java = descendantPid('java');
      const rates = await measurePatchRates(
        String(writer.ready.url),
        { shopId, token, productIds, patches: options.patches },
        say,
        async () => {
          const answer = await writer.ask({ type: 'usage' });
          return {
            apiMs: answer.cpuMs as number,
            dynamoMs: java === undefined ? undefined : processCpuMs(java),
            calls: (answer.usage as { calls: number }).calls,
          };
        },
      );
      say(`  log entries pruned beside them: ${await pruner.stop()}`);
      const cold = await startChild(here('./catalog-api-process.ts'), env);
      try {
        const coldStarted = performance.now();
        const first = await api(cold, '/products?resultsPerPage=20');
        const coldMs = performance.now() - coldStarted;
        if (first.status !== 200) throw new Error(`the cold list answered ${first.status}`);
        const usage = await usageOf(cold);
        say(
          `  cold start after the PATCHes: ${Math.round(coldMs)} ms, ${usage.usage.readUnits} RCU, ${Math.round(usage.rssMb)} MB`,
        );
        return {
          products: options.products,
          concurrency: options.concurrency,
          latency,
          afterWrite,
          rates,
          coldMs,
          coldReadUnits: usage.usage.readUnits,
          rssMb: usage.rssMb,
        };
      } finally {
        await cold.stop();
      }
    } finally {
      await Promise.all([writer.stop(), reader.stop()]);
    }
  } finally {
    await dynamo.stop();
  }
}

/** p50 and p99 of a category write, a product create and a product patch, taking turns in rounds. */
async function writeLatencies(
  writer: Child,
  shopId: string,
  token: string,
  categoryId: string,
  productIds: readonly string[],
  options: { samples: number; concurrency: number },
  say: (line: string) => void,
) {
  const json = headers(token, 'application/json');
  const kinds: { request: string; next: (i: number) => LoadRequest }[] = [
    {
      request: 'PUT /categories/{c} (category write)',
      next: (i) => ({
        method: 'PUT',
        path: `/${shopId}/categories/${categoryId}`,
        headers: json,
        body: JSON.stringify({ categoryId, name: `Category ${i}` }),
      }),
    },
    {
      request: 'POST /products',
      next: (i) => ({
        method: 'POST',
        path: `/${shopId}/products`,
        headers: json,
        body: JSON.stringify({ name: `Bench product ${i}`, price: 9.9, visible: true }),
      }),
    },
    {
      request: 'PATCH /products/{p}',
      next: (i) => ({
        method: 'PATCH',
        path: `/${shopId}/products/${productIds[i % productIds.length]}`,
        headers: headers(token, 'application/json-patch+json'),
        body: JSON.stringify([
          { op: 'add', path: '/name', value: `Renamed ${i}` },
          { op: 'add', path: '/priceInfo/price/amount', value: 10 + (i % 7) },
        ]),
      }),
    },
  ];
  const measured = kinds.map(() => [] as number[]);
  let sent = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, kind] of kinds.entries()) {
      const offset = sent;
      const run = await load(String(writer.ready.url), {
        connections: options.concurrency,
        amount: options.samples,
        next: (i) => kind.next(offset + i),
      });
      if (run.failed > 0) throw new Error(`${kind.request}: ${run.failures.join('; ')}`);
      measured[k]?.push(...run.latencies);
      sent += options.samples;
    }
  }
  const rows = kinds.map(({ request }, k) => {
    const latencies = measured[k] as number[];
    return {
      request,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      requests: latencies.length,
    };
  });
  for (const row of rows) say(`  ${row.request}: p50 ${row.p50.toFixed(1)} ms`);
  return rows;
}

/** Read units of the reader's next product list after each kind of write on the writer. */
async function readsAfterWrites(
  writer: Child,
  reader: Child,
  api: (
    child: Child,
    path: string,
    init?: { method?: string; body?: unknown },
  ) => Promise<{ status: number; body: unknown }>,
  productIds: readonly string[],
  say: (line: string) => void,
) {
  const rows: ProductWritesResult['afterWrite'] = [];
  const readAfter = async (write: string, act: () => Promise<{ status: number }>) => {
    await api(reader, '/products?resultsPerPage=20');
    await usageOf(reader);
    const answer = await act();
    if (answer.status >= 300) throw new Error(`${write} answered ${answer.status}`);
    const started = performance.now();
    const read = await api(reader, '/products?resultsPerPage=20');
    const ms = performance.now() - started;
    if (read.status !== 200) throw new Error(`the read after ${write} answered ${read.status}`);
    const { usage } = await usageOf(reader);
    rows.push({ write, readUnits: usage.readUnits, ms });
    say(`  after ${write}: ${usage.readUnits} RCU, ${Math.round(ms)} ms`);
  };
  let created = '';
  await readAfter('POST /products', async () => {
    const answer = await api(writer, '/products', {
      method: 'POST',
      body: { name: 'After-write probe', price: 1 },
    });
    created = (answer.body as { productId: string }).productId;
    return answer;
  });
  await readAfter('PATCH /products/{p}', () =>
    api(writer, `/products/${productIds[0]}`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/name', value: `Probe ${Date.now()}` }],
    }),
  );
  await readAfter('DELETE /products/{p}', () => api(writer, `/products/${created}`, { method: 'DELETE' }));
  return rows;
}

/** The result's misses of the budgets, as printable lines. */
export function missedProductWriteBudgets(result: ProductWritesResult): string[] {
  const missed: string[] = [];
  const category = result.latency[0];
  for (const row of result.latency.slice(1)) {
    if (category && row.p50 > PRODUCT_WRITE_P50_RATIO_BUDGET * category.p50)
      missed.push(
        `${row.request}: p50 ${row.p50.toFixed(1)} ms > ${PRODUCT_WRITE_P50_RATIO_BUDGET}× the category write's ${category.p50.toFixed(1)} ms`,
      );
  }
  for (const row of result.afterWrite)
    if (row.readUnits > READ_UNITS_AFTER_WRITE_BUDGET)
      missed.push(`read after ${row.write}: ${row.readUnits} RCU > ${READ_UNITS_AFTER_WRITE_BUDGET}`);
  const patches = result.rates.reduce((sum, r) => sum + r.patches, 0);
  if (
    typeof result.products === 'number' &&
    result.products >= CATALOG_BUDGETS.products &&
    result.coldMs > CATALOG_BUDGETS.firstRequestMs
  )
    missed.push(
      `cold start after ${patches} PATCHes: ${Math.round(result.coldMs)} ms > ${CATALOG_BUDGETS.firstRequestMs} ms`,
    );
  missed.push(...missedPatchRateBudgets(result.rates, `${result.products} products`));
  if (result.rssMb > CATALOG_BUDGETS.rssMb)
    missed.push(
      `RSS after the PATCHes: ${Math.round(result.rssMb)} MB > ${Math.round(CATALOG_BUDGETS.rssMb)} MB`,
    );
  return missed;
}

/** The part's tables, as bench:scale prints them. */
export function productWritesSection(result: ProductWritesResult): string {
  const category = result.latency[0]?.p50 ?? Number.NaN;
  const latency = table(
    ['request', 'p50 ms', 'p99 ms', '× category write', 'requests'],
    result.latency.map((r) => [
      r.request,
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      `${(r.p50 / category).toFixed(2)}×`,
      String(r.requests),
    ]),
  );
  const after = table(
    ['write on one instance', 'next list on another: RCU', 'ms'],
    result.afterWrite.map((r) => [r.write, String(r.readUnits), r.ms.toFixed(0)]),
  );
  const rates = patchRateTable(result.rates);
  const cold = table(
    ['PATCHes before', 'cold first list ms', 'RCU', 'RSS MB'],
    [
      [
        String(result.rates.reduce((sum, r) => sum + r.patches, 0)),
        result.coldMs.toFixed(0),
        String(result.coldReadUnits),
        result.rssMb.toFixed(0),
      ],
    ],
  );
  return `product writes on ${result.products} products (concurrency ${result.concurrency}, ${ROUNDS} rounds)\n\n${latency}\n\n${after}\n\nPATCHes of distinct products on one process\n\n${rates}\n\n${cold}`;
}

function headers(token: string, contentType: string): Record<string, string> {
  return { accept: ACCEPT_V1, authorization: `Bearer ${token}`, 'content-type': contentType };
}

/**
 * The catalog log's clean-up beside the PATCHes, every 15 s as the twin's schedule runs it (in AWS
 * every minute, paced the same): its deletes share DynamoDB Local with the PATCHes. Returns the
 * entries it deleted when stopped.
 */
function pruneBeside(shopId: string): { stop(): Promise<number> } {
  let running = true;
  const done = (async () => {
    let deleted = 0;
    while (running) {
      for (let waited = 0; running && waited < 15_000; waited += 500)
        await new Promise((resolve) => setTimeout(resolve, 500));
      if (running) deleted += (await pruneCatalogLog(shopId)).deleted;
    }
    return deleted;
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}
