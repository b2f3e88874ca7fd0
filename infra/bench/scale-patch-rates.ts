import { ACCEPT_V1 } from './http-fixtures';
import { load } from './load';
import { percentile, table } from './stats';

/**
 * PATCHes of distinct products at c=1 and at c=16 against one API process (a busy instance), part of
 * `npm run bench:scale -- --parts product-writes` (docs/catalog.md "Concurrent product writes").
 * Request i renames product i mod N (N ≥ 32 products), so the 16 in flight name 16 different
 * products. Budgets: no 409 and no 5xx at either concurrency, and c=16 at least 4× the rate of c=1
 * (writes of different products do not wait for each other's catalog version).
 */

/** Concurrencies measured, the second against the first. */
export const PATCH_RATE_CONCURRENCIES = [1, 16] as const;
/** Least PATCHes/s at c=16 as a multiple of c=1's. */
export const PATCH_RATE_RATIO_BUDGET = 4;
/** Fewest distinct products the PATCHes take turns on. */
const MIN_PRODUCTS = 32;

export interface PatchRateRow {
  concurrency: number;
  patches: number;
  seconds: number;
  perSecond: number;
  conflicts: number;
  serverErrors: number;
  /** Other answers outside 2xx (and connection errors). */
  otherFailures: number;
  p50: number;
  p99: number;
  /**
   * CPU a PATCH (ms, every thread) of the bench client, the API process and DynamoDB Local (null where
   * it could not be read), and the API's DynamoDB calls a PATCH: where a PATCH's work goes.
   */
  cost?: { clientMs: number; apiMs: number; dynamoMs: number | null; calls: number };
}

/** What the bench can read of the other processes' work so far (cumulative). */
export interface WorkSample {
  /** The API process's CPU (ms). */
  apiMs: number;
  /** DynamoDB Local's CPU (ms), if it can be read. */
  dynamoMs: number | undefined;
  /** DynamoDB calls the API made since the last sample. */
  calls: number;
}

/** `patches` PATCHes at each concurrency of PATCH_RATE_CONCURRENCIES, one run after the other. */
export async function measurePatchRates(
  url: string,
  {
    shopId,
    token,
    productIds,
    patches,
  }: { shopId: string; token: string; productIds: readonly string[]; patches: number },
  say: (line: string) => void,
  work?: () => Promise<WorkSample>,
): Promise<PatchRateRow[]> {
  if (productIds.length < MIN_PRODUCTS)
    throw new Error(`distinct PATCHes need ${MIN_PRODUCTS} products, the shop lists ${productIds.length}`);
  const rows: PatchRateRow[] = [];
  for (const concurrency of PATCH_RATE_CONCURRENCIES) {
    say(`  ${patches} PATCHes of distinct products at c=${concurrency}...`);
    const before = await work?.();
    const clientBefore = process.cpuUsage();
    const run = await load(url, {
      connections: concurrency,
      amount: patches,
      next: (i) => ({
        method: 'PATCH',
        path: `/${shopId}/products/${productIds[i % productIds.length]}`,
        headers: {
          accept: ACCEPT_V1,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json-patch+json',
        },
        body: JSON.stringify([{ op: 'add', path: '/name', value: `Rate c${concurrency} ${i}` }]),
      }),
    });
    const client = process.cpuUsage(clientBefore);
    const after = await work?.();
    const count = (test: (status: number) => boolean) =>
      Object.entries(run.statuses)
        .filter(([status]) => test(Number(status)))
        .reduce((sum, [, n]) => sum + n, 0);
    const conflicts = count((s) => s === 409);
    const serverErrors = count((s) => s >= 500);
    const row: PatchRateRow = {
      concurrency,
      patches: run.requests,
      seconds: run.elapsedMs / 1000,
      perSecond: (run.requests / run.elapsedMs) * 1000,
      conflicts,
      serverErrors,
      otherFailures: run.failed - conflicts - serverErrors,
      p50: percentile(run.latencies, 50),
      p99: percentile(run.latencies, 99),
    };
    if (before && after) {
      const perPatch = (ms: number) => ms / Math.max(1, run.requests);
      row.cost = {
        clientMs: perPatch((client.user + client.system) / 1000),
        apiMs: perPatch(after.apiMs - before.apiMs),
        dynamoMs:
          after.dynamoMs !== undefined && before.dynamoMs !== undefined
            ? perPatch(after.dynamoMs - before.dynamoMs)
            : null,
        calls: perPatch(after.calls),
      };
    }
    say(
      `    ${row.perSecond.toFixed(1)} PATCHes/s, ${conflicts} × 409, ${serverErrors} × 5xx${run.failures.length > 0 ? `; ${run.failures.join('; ')}` : ''}`,
    );
    rows.push(row);
  }
  return rows;
}

/** The rows' misses of the budgets, as printable lines. */
export function missedPatchRateBudgets(rows: readonly PatchRateRow[], label: string): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    if (row.conflicts + row.serverErrors + row.otherFailures > 0)
      missed.push(
        `${label}: PATCHes at c=${row.concurrency}: ${row.conflicts} × 409, ${row.serverErrors} × 5xx, ${row.otherFailures} other failures`,
      );
  }
  const [one, many] = rows;
  if (one && many && many.perSecond < PATCH_RATE_RATIO_BUDGET * one.perSecond)
    missed.push(
      `${label}: ${many.perSecond.toFixed(1)} PATCHes/s at c=${many.concurrency} < ${PATCH_RATE_RATIO_BUDGET}× the ${one.perSecond.toFixed(1)} at c=${one.concurrency}`,
    );
  return missed;
}

/** The rows as a table, with where a PATCH's CPU went when it was measured. */
export function patchRateTable(rows: readonly PatchRateRow[]): string {
  const base = rows[0]?.perSecond ?? Number.NaN;
  const rates = table(
    ['concurrency', 'PATCHes', 's', 'PATCHes/s', '× c=1', '409', '5xx', 'other failures', 'p50 ms', 'p99 ms'],
    rows.map((r) => [
      String(r.concurrency),
      String(r.patches),
      r.seconds.toFixed(1),
      r.perSecond.toFixed(1),
      `${(r.perSecond / base).toFixed(2)}×`,
      String(r.conflicts),
      String(r.serverErrors),
      String(r.otherFailures),
      r.p50.toFixed(0),
      r.p99.toFixed(0),
    ]),
  );
  const measured = rows.filter((r) => r.cost);
  if (measured.length === 0) return rates;
  const cost = table(
    [
      'concurrency',
      'CPU ms a PATCH: bench client',
      'API process',
      'DynamoDB Local',
      'DynamoDB calls a PATCH',
    ],
    measured.map((r) => [
      String(r.concurrency),
      (r.cost?.clientMs ?? 0).toFixed(2),
      (r.cost?.apiMs ?? 0).toFixed(2),
      r.cost?.dynamoMs == null ? 'n/a' : r.cost.dynamoMs.toFixed(2),
      (r.cost?.calls ?? 0).toFixed(2),
    ]),
  );
  return `${rates}\n\n${cost}`;
}
