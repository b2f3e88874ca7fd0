import { loadCatalogState } from './catalog-repository';
import { discardSnapshot, publishSnapshot, retireSnapshot, writeSnapshotChunks } from './catalog-snapshot';
import { encodeSnapshot } from './catalog-snapshot-format';
import type { CatalogState } from './catalog-state';

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

/**
 * Stores a catalog state as the shop's snapshot (if none newer is published meanwhile, or in place
 * of the unreadable snapshot `replacing` names).
 */
export async function writeSnapshot(shopId: string, state: CatalogState, replacing?: string): Promise<void> {
  const version = state.catalog.version;
  const chunks = encodeSnapshot(state);
  const id = await writeSnapshotChunks(shopId, chunks);
  const replaced = await publishSnapshot(shopId, { id, version, chunks: chunks.length }, replacing);
  if (replaced === false) {
    await discardSnapshot(shopId, id, chunks.length);
  } else if (replaced) {
    await retireSnapshot(shopId, replaced);
  }
  // Either way a snapshot of this version or newer is published: later states count from here.
  if (state.snapshot) state.snapshot.version = Math.max(state.snapshot.version, version);
  else state.snapshot = { id, version };
}
