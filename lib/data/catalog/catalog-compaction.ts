import { loadCatalogState } from './catalog-repository';
import { writeSnapshot } from './catalog-snapshot';

/**
 * Catalog versions written through the API after which the writer stores a new snapshot. A cold
 * start reads the snapshot and the log entries after it, so this bounds its log reading (32 entries
 * of at most 98 items each); a larger number means fewer snapshot writes (each rewrites the
 * snapshot's head, about 1 MB per 10,000 products compressed, and the product blocks that changed).
 */
export const COMPACT_AFTER_VERSIONS = 32;

/**
 * Compaction: after the write of `version`, when the shop's snapshot is COMPACT_AFTER_VERSIONS
 * versions behind (or the shop has none yet), the writing request stores the catalog at `version`
 * as a new snapshot, points the meta item at it and retires the old one. Writers racing to do so are
 * harmless: the pointer only moves forward, a loser discards its chunks.
 */
export async function compactIfDue(shopId: string, version: number): Promise<void> {
  const state = await loadCatalogState(shopId, version);
  if (!state) return;
  const seen = state.snapshot;
  if (seen && state.catalog.version - seen.version < COMPACT_AFTER_VERSIONS) return;
  await writeSnapshot(shopId, state);
}
