import { fileURLToPath } from 'node:url';
import { config } from '../../lib/config';
import { createTableIfMissing } from '../../lib/data/create-table';
import { EXPORT_FUNCTION } from '../constructs/export-storage';
import { startDynamoDbLocal } from '../local/dynamodb-local';
import { applyLocalEnv } from '../local/local-env';
import { startS3Local } from '../local/s3-local';
import { startChild } from './child-process';
import { importBenchCatalog } from './setup';
import { table } from './stats';

/** One export as the export function's instance sees it. */
export interface ExportScaleRow {
  products: number;
  /** The records written: the header and one row per product and variation. */
  records: number;
  /** The catalog's cold load before the export (not part of the export's time). */
  loadMs: number;
  /** Generating the file: every row streamed into the multipart upload, the upload completed. */
  exportMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  heapBeforeMb: number;
  heapPeakMb: number;
}

/**
 * Budgets of issue 25 ("the export of 100k products completes within the function's time limit
 * with bounded memory"): the load and the export within the export function's timeout, the peak
 * RSS within 70 % of its memory (as the catalog's budget), at every size.
 */
export const EXPORT_BUDGETS = {
  timeLimitMs: EXPORT_FUNCTION.timeout.toMilliseconds(),
  rssMb: 0.7 * EXPORT_FUNCTION.memorySize,
} as const;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Generates the product export at each catalog size: a generated catalog is imported into a fresh
 * shop of one DynamoDB Local, and a fresh process (infra/bench/export-process.ts) loads it and
 * writes its export into an embedded S3 server, sampling its memory.
 */
export async function measureExportScale(
  sizes: number[],
  say: (line: string) => void,
): Promise<ExportScaleRow[]> {
  say('starting DynamoDB Local and the S3 server for the export runs...');
  const dynamo = await startDynamoDbLocal();
  const objects = await startS3Local({ buckets: [config().EXPORTS_BUCKET] });
  const rows: ExportScaleRow[] = [];
  try {
    applyLocalEnv({ endpoint: dynamo.endpoint, s3Endpoint: objects.endpoint });
    await createTableIfMissing();
    for (const products of sizes) {
      const shopId = `export${products}`;
      const imported = await importBenchCatalog({ shopId, products, seed: 1 }, say);
      say(`  imported ${products} products in ${(imported.importMs / 1000).toFixed(1)} s`);
      const child = await startChild(
        here('./export-process.ts'),
        {
          BENCH_DYNAMODB_ENDPOINT: dynamo.endpoint,
          BENCH_S3_ENDPOINT: objects.endpoint,
          LOG_LEVEL: 'silent',
        },
        { nodeOptions: ['--expose-gc'] },
      );
      try {
        const answer = await child.ask({ type: 'export', shopId, locale: 'en_GB' });
        if (answer.type === 'error') throw new Error(String(answer.error));
        const row = { products, ...answer } as unknown as ExportScaleRow;
        say(
          `  ${products}: ${row.records} records in ${Math.round(row.exportMs)} ms, RSS ${Math.round(row.rssBeforeMb)} → ${Math.round(row.rssPeakMb)} MB`,
        );
        rows.push(row);
      } finally {
        await child.stop();
      }
    }
  } finally {
    await objects.stop();
    await dynamo.stop();
  }
  return rows;
}

/** The table of the rows, against the export function's memory and timeout. */
export function exportTable(rows: readonly ExportScaleRow[]): string {
  return table(
    ['products', 'records', 'catalog load ms', 'export ms', 'RSS before MB', 'RSS peak MB', 'heap growth MB'],
    rows.map((r) => [
      String(r.products),
      String(r.records),
      r.loadMs.toFixed(0),
      r.exportMs.toFixed(0),
      r.rssBeforeMb.toFixed(0),
      r.rssPeakMb.toFixed(0),
      (r.heapPeakMb - r.heapBeforeMb).toFixed(0),
    ]),
  );
}

/** The rows' misses of the budgets, as printable lines (none when every budget is met). */
export function missedExportBudgets(rows: readonly ExportScaleRow[]): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    const at = `export of ${row.products} products`;
    if (row.records !== row.products + 1)
      missed.push(`${at}: ${row.records} records, not ${row.products + 1}`);
    if (row.loadMs + row.exportMs > EXPORT_BUDGETS.timeLimitMs)
      missed.push(`${at}: ${Math.round(row.loadMs + row.exportMs)} ms > ${EXPORT_BUDGETS.timeLimitMs} ms`);
    if (row.rssPeakMb > EXPORT_BUDGETS.rssMb)
      missed.push(`${at}: RSS ${Math.round(row.rssPeakMb)} MB > ${Math.round(EXPORT_BUDGETS.rssMb)} MB`);
  }
  return missed;
}
