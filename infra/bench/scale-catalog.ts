import { fileURLToPath } from 'node:url';
import { createTableIfMissing } from '../../lib/data/create-table';
import { issueDevToken } from '../local/dev-issuer';
import { startDynamoDbLocal } from '../local/dynamodb-local';
import { applyLocalEnv } from '../local/local-env';
import { type Child, startChild } from './child-process';
import type { DynamoUsage } from './dynamo-meter';
import { ACCEPT_V1 } from './http-fixtures';
import { importBenchCatalog } from './setup';

/** One catalog size as a client and a Lambda instance see it. */
export interface CatalogScaleRow {
  products: number;
  /** The first catalog request of a fresh API process (a cold start), wall time at the client. */
  firstRequestMs: number;
  /** The first request of a warm process after a product was changed through another process. */
  firstRequestAfterWriteMs: number;
  /** The reader process's resident set size after both requests (the larger). */
  rssMb: number;
  /** DynamoDB read units of the cold first request and of the one after the write. */
  readUnitsCold: number;
  readUnitsAfterWrite: number;
  /** The warm process's page of sold-out and low products (`availability=OutStock,WarnStock`): p50 and `results`. */
  filteredP50Ms: number;
  filteredResults: number;
  /** The same page without the filter, p50: what the filtered one is compared with. */
  unfilteredP50Ms: number;
}

/** Budgets of issue "Scale" (a Lambda has 1024 MB; 30 % of it stays free). */
export const CATALOG_BUDGETS = {
  products: 100_000,
  firstRequestMs: 3000,
  firstRequestAfterWriteMs: 1000,
  rssMb: 0.7 * 1024,
  /** A page filtered by availability costs at most this many times the unfiltered page (p50). */
  filteredRatio: 2,
} as const;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Measures the catalog at each size through the API: a generated catalog is imported into a fresh
 * shop of one DynamoDB Local; a fresh API process (cold) answers the first product list; another
 * process changes one product (PATCH custom attributes), and the first process answers again. Each
 * API process meters its own DynamoDB calls.
 */
export async function measureCatalogScale(
  sizes: number[],
  say: (line: string) => void,
): Promise<CatalogScaleRow[]> {
  say('starting DynamoDB Local for the catalog scale runs...');
  const dynamo = await startDynamoDbLocal();
  const rows: CatalogScaleRow[] = [];
  try {
    applyLocalEnv({ endpoint: dynamo.endpoint });
    await createTableIfMissing();
    for (const products of sizes) rows.push(await measureOne(products, dynamo.endpoint, say));
  } finally {
    await dynamo.stop();
  }
  return rows;
}

async function measureOne(products: number, endpoint: string, say: (line: string) => void) {
  const shopId = `scale${products}`;
  const imported = await importBenchCatalog({ shopId, products, seed: 1 }, say);
  say(`  imported ${products} products in ${(imported.importMs / 1000).toFixed(1)} s`);
  const env = { BENCH_DYNAMODB_ENDPOINT: endpoint, LOG_LEVEL: 'silent', RATE_LIMIT_PER_HOUR: '1000000' };
  const token = issueDevToken(shopId);
  const reader = await startChild(here('./catalog-api-process.ts'), env);
  const writer = await startChild(here('./catalog-api-process.ts'), env);
  try {
    const list = `/${shopId}/products?resultsPerPage=20`;
    const cold = await timed(reader, token, list);
    const coldUsage = await usageOf(reader);
    say(`  ${products}: first request ${Math.round(cold.ms)} ms, ${coldUsage.usage.readUnits} read units`);

    const productId = (cold.body as { items: { productId: string }[] }).items[0]?.productId;
    if (!productId) throw new Error('the product list is empty');
    const patched = await call(writer, token, `/${shopId}/products/${productId}/custom-attributes`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/', value: { key: 'Engraving', displayValue: `scale ${Date.now()}` } }],
    });
    if (patched.status !== 200) throw new Error(`the product write answered ${patched.status}`);

    const after = await timed(reader, token, list);
    const afterUsage = await usageOf(reader);
    say(
      `  ${products}: first request after a write ${Math.round(after.ms)} ms, ${afterUsage.usage.readUnits} read units`,
    );
    const filtered = await p50(reader, token, `${list}&availability=OutStock,WarnStock`);
    const unfiltered = await p50(reader, token, list);
    say(
      `  ${products}: sold-out and low page p50 ${filtered.ms.toFixed(1)} ms (${filtered.results} results), unfiltered ${unfiltered.ms.toFixed(1)} ms`,
    );
    return {
      products,
      filteredP50Ms: filtered.ms,
      filteredResults: filtered.results,
      unfilteredP50Ms: unfiltered.ms,
      firstRequestMs: cold.ms,
      firstRequestAfterWriteMs: after.ms,
      rssMb: Math.max(coldUsage.rssMb, afterUsage.rssMb),
      readUnitsCold: coldUsage.usage.readUnits,
      readUnitsAfterWrite: afterUsage.usage.readUnits,
    };
  } finally {
    await Promise.all([reader.stop(), writer.stop()]);
  }
}

/** The rows' misses of the budgets, as printable lines (none when every budget is met). */
export function missedCatalogBudgets(rows: readonly CatalogScaleRow[]): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    const at = `${row.products} products`;
    if (row.products >= CATALOG_BUDGETS.products && row.firstRequestMs > CATALOG_BUDGETS.firstRequestMs)
      missed.push(
        `${at}: first request ${Math.round(row.firstRequestMs)} ms > ${CATALOG_BUDGETS.firstRequestMs} ms`,
      );
    if (
      row.products >= CATALOG_BUDGETS.products &&
      row.firstRequestAfterWriteMs > CATALOG_BUDGETS.firstRequestAfterWriteMs
    )
      missed.push(
        `${at}: first request after a write ${Math.round(row.firstRequestAfterWriteMs)} ms > ${CATALOG_BUDGETS.firstRequestAfterWriteMs} ms`,
      );
    if (row.filteredP50Ms > CATALOG_BUDGETS.filteredRatio * Math.max(row.unfilteredP50Ms, 1))
      missed.push(
        `${at}: availability-filtered page p50 ${row.filteredP50Ms.toFixed(1)} ms > ${CATALOG_BUDGETS.filteredRatio} × the unfiltered ${row.unfilteredP50Ms.toFixed(1)} ms`,
      );
    if (row.rssMb > CATALOG_BUDGETS.rssMb)
      missed.push(`${at}: RSS ${Math.round(row.rssMb)} MB > ${Math.round(CATALOG_BUDGETS.rssMb)} MB`);
  }
  return missed;
}

/** The median of 21 answers of a warm process (the first warms the path's own work). */
async function p50(child: Child, token: string, path: string) {
  let results = 0;
  const times: number[] = [];
  for (let i = 0; i < 22; i++) {
    const answer = await timed(child, token, path);
    if (i > 0) times.push(answer.ms);
    results = (answer.body as { results: number }).results;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, results };
}

async function timed(child: Child, token: string, path: string) {
  const started = performance.now();
  const answer = await call(child, token, path);
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  return { ms, body: answer.body };
}

/** A request to an API child process, JSON in and out (a JSON Patch for an array body). */
export async function call(
  child: Child,
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${String(child.ready.url)}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: ACCEPT_V1,
      authorization: `Bearer ${token}`,
      ...(init.body === undefined
        ? {}
        : { 'content-type': Array.isArray(init.body) ? 'application/json-patch+json' : 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** An API child process's metered DynamoDB use since the last ask, and its resident set size. */
export async function usageOf(child: Child): Promise<{ usage: DynamoUsage; rssMb: number }> {
  const answer = await child.ask({ type: 'usage' });
  return { usage: answer.usage as DynamoUsage, rssMb: answer.rssMb as number };
}
