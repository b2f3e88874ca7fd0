/**
 * A process that generates product exports, for `measureExportScale` (infra/bench/scale-export.ts):
 * fresh, as a Lambda instance of the export function. On `export` it loads the shop's catalog, then
 * generates the export file through the use case (streamed into the embedded S3 server) while it
 * samples its memory, and answers the times, the records written and the memory it took.
 */
import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { exportProducts } from '../../lib/use-cases/exports/export-products';
import { applyLocalEnv } from '../local/local-env';
import { failStart, serveParent } from './child-process';

const MB = 2 ** 20;

try {
  applyLocalEnv({
    endpoint: process.env.BENCH_DYNAMODB_ENDPOINT,
    s3Endpoint: process.env.BENCH_S3_ENDPOINT,
  });
  serveParent(
    {},
    async (message) => {
      if (message.type !== 'export') throw new Error(`unknown message ${message.type}`);
      const shopId = String(message.shopId);
      let started = performance.now();
      const catalog = await requireCatalog(shopId);
      const loadMs = performance.now() - started;
      global.gc?.();
      const before = process.memoryUsage();
      const peak = { rss: before.rss, heap: before.heapUsed };
      const sample = setInterval(() => {
        const now = process.memoryUsage();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.heap = Math.max(peak.heap, now.heapUsed);
      }, 20);
      started = performance.now();
      const answer = await exportProducts(catalog, String(message.locale));
      const exportMs = performance.now() - started;
      clearInterval(sample);
      return {
        loadMs,
        exportMs,
        records: answer.generated?.records ?? 0,
        rssBeforeMb: before.rss / MB,
        rssPeakMb: peak.rss / MB,
        heapBeforeMb: before.heapUsed / MB,
        heapPeakMb: peak.heap / MB,
      };
    },
    async () => undefined,
  );
} catch (error) {
  failStart(error);
}
