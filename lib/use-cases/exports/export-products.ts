import { setTimeout as sleep } from 'node:timers/promises';
import {
  exportFileKey,
  exportFileReady,
  exportFileUrl,
  writeExportFile,
} from '../../data/exports/export-files';
import { type ExportOf, releaseExportLease, takeExportLease } from '../../data/exports/export-leases';
import type { Catalog } from '../../domain/catalog/catalog';
import { StillGenerating } from '../../domain/errors';
import { productExportRecords } from '../../domain/exports/product-export';

/**
 * The export function's time limit (infra: its timeout), in seconds: a generation of 100,000
 * products fits it (`npm run bench:scale -- --parts export`). Beyond API Gateway's 30 s the client
 * gets a 503, yet the function runs on to finish the file for the next request.
 */
export const EXPORT_TIME_LIMIT_SECONDS = 120;

/** How the requests of one export wait for each other. */
export interface ExportTimings {
  /** How long a request waits for a file another request generates, before its 503. */
  waitMs: number;
  /** A generation's lease: longer than the function may run, so only a dead generation loses it. */
  leaseMs: number;
  /** How often a waiting request looks for the file. */
  pollMs: number;
}

/** Waits stay inside API Gateway's 30 s; a lease outlasts the export function's time limit. */
export const EXPORT_TIMINGS: ExportTimings = {
  waitMs: 20_000,
  leaseMs: (EXPORT_TIME_LIMIT_SECONDS + 30) * 1000,
  pollMs: 250,
};

/** What a request for an export gets: the file's presigned URL, and whether this request made it. */
export interface ExportAnswer {
  url: string;
  /** The records this request wrote (header included); undefined when it handed out an existing file. */
  generated?: { records: number; generation: number };
}

/**
 * The presigned URL of the product export of this catalog version in `locale` (docs/catalog.md
 * "Export"). The file exists once per version and locale: when it is missing, the request that
 * takes the lease generates it (streamed, bounded memory) while concurrent ones wait for it; a
 * wait longer than `waitMs` is StillGenerating (503 with Retry-After); a lease whose generation
 * died runs out and the next request takes it over.
 */
export async function exportProducts(
  catalog: Catalog,
  locale: string,
  timings: ExportTimings = EXPORT_TIMINGS,
): Promise<ExportAnswer> {
  const of: ExportOf = { shopId: catalog.shopId, version: catalog.version, locale };
  const key = exportFileKey(of);
  const deadline = Date.now() + timings.waitMs;
  for (;;) {
    if (await exportFileReady(key, Date.now())) return { url: await exportFileUrl(key) };
    const lease = await takeExportLease(of, Date.now(), timings.leaseMs);
    if (lease.taken) {
      const records = await generate(catalog, of, key, lease);
      return { url: await exportFileUrl(key), generated: { records, generation: lease.generation } };
    }
    // Another request generates it: look for the file until its lease ends (then take it over).
    while (Date.now() < Math.min(lease.until, deadline)) {
      await sleep(timings.pollMs);
      if (await exportFileReady(key, Date.now())) return { url: await exportFileUrl(key) };
    }
    if (Date.now() >= deadline) {
      const retryAfter = Math.min(10, Math.max(1, Math.ceil((lease.until - Date.now()) / 1000)));
      throw new StillGenerating(
        `The export is still being generated: try again in ${retryAfter} s`,
        retryAfter,
      );
    }
  }
}

/** Writes the file under the lease; a failed generation gives its lease back at once. */
async function generate(
  catalog: Catalog,
  of: ExportOf,
  key: string,
  lease: { generation: number; token: string },
): Promise<number> {
  try {
    return await writeExportFile(key, productExportRecords(catalog, of.locale), {
      generation: lease.generation,
      filename: `products-${of.shopId}-${of.version}-${of.locale}.csv`,
    });
  } catch (error) {
    await releaseExportLease(of, lease.token).catch(() => undefined);
    throw error;
  }
}
