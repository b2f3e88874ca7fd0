import { log } from '../../log';
import { keys } from '../keys';
import { endLease, takeLease } from '../leases';
import { loadCatalogState } from './catalog-repository';
import { writeSnapshot } from './catalog-snapshot';

/**
 * Catalog versions written through the API after which the writer stores a new snapshot, at least.
 * A cold start reads the snapshot and the log entries after it, so this bounds its log reading;
 * fewer versions mean more snapshot writes.
 */
export const COMPACT_AFTER_VERSIONS = 32;
/**
 * Versions per snapshot chunk (350 KB) before a new snapshot: a snapshot is rewritten whole, so
 * the interval grows with its size and a product write costs about 350 KB / 32 ≈ 11 WCU of
 * snapshot writing whatever the shop's size (a fixed 32 versions cost 320 WCU a write at 100,000
 * products, 30 chunks). The log a cold start reads grows with the snapshot instead, in proportion:
 * at most 32 entries (a product write's is a few KB) per 350 KB chunk it reads anyway.
 */
export const VERSIONS_PER_CHUNK = 32;

/** Versions between snapshots of `chunks` chunks (unknown: the least). */
export function versionsBetweenSnapshots(chunks: number | undefined): number {
  return Math.max(COMPACT_AFTER_VERSIONS, (chunks ?? 0) * VERSIONS_PER_CHUNK);
}

/**
 * How long one compaction holds the shop's compaction lease at most: longer than a snapshot of
 * 100,000 products takes to write (about 10 s on DynamoDB Local), short enough that a writer that
 * died holding it delays the next snapshot little.
 */
export const COMPACTION_LEASE_MS = 60_000;

/** Shops this process is compacting now. */
const compacting = new Set<string>();

/**
 * Compaction: after the write of `version`, when the shop's snapshot is versionsBetweenSnapshots
 * versions behind (or the shop has none yet), the writing request stores the catalog at `version`
 * as a new snapshot, points the meta item at it and retires the old one. One compaction runs at a
 * time per shop (a lease): until a snapshot is published every later write finds it due too, and
 * at 100,000 products eight writes in a row each encoded and wrote the 17 MB snapshot at once, which stalled
 * DynamoDB Local for seconds. Writers racing anyway are harmless: the pointer only moves forward,
 * a loser discards its chunks.
 */
export async function compactIfDue(shopId: string, version: number): Promise<void> {
  // This process compacts the shop already: the versions its write queue writes meanwhile would
  // each ask DynamoDB for the lease in vain.
  if (compacting.has(shopId)) return;
  const state = await loadCatalogState(shopId, version);
  if (!state) return;
  const seen = state.snapshot;
  if (seen && state.catalog.version - seen.version < versionsBetweenSnapshots(seen.chunks)) return;
  if (compacting.has(shopId)) return;
  compacting.add(shopId);
  try {
    const lease = await takeCompactionLease(shopId);
    if (!lease) return;
    try {
      await writeSnapshot(shopId, state);
    } finally {
      await endLease(keys.catalogCompactionLease(shopId), lease);
    }
  } finally {
    compacting.delete(shopId);
  }
}

/**
 * compactIfDue after the write of `version`, never failing: the change is committed, so a failed
 * compaction must not fail its requests (a 503 for a write that happened). The snapshot stays
 * behind, and the next write past the interval tries again.
 */
export async function compactAfterWrite(shopId: string, version: number): Promise<void> {
  await compactIfDue(shopId, version).catch((error: unknown) =>
    log.warn('catalog compaction failed; a later write tries again', {
      shopId,
      version,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

/** Takes the shop's compaction lease (lib/data/leases.ts) unless another compaction holds it; its token, or undefined. */
export async function takeCompactionLease(shopId: string, now = Date.now()): Promise<string | undefined> {
  const lease = await takeLease(keys.catalogCompactionLease(shopId), { now, forMs: COMPACTION_LEASE_MS });
  return lease.taken ? lease.token : undefined;
}
