import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Catalog } from '../../domain/catalog/catalog';
import { NotFoundError } from '../../domain/errors';
import { dynamo, tableName } from '../client';
import { forgetStock, shopStock } from '../inventory/stock-view';
import { keys } from '../keys';
import type { CatalogChange, CatalogState } from './catalog-entries';
import { readLog } from './catalog-log';
import { readCatalogPartition } from './catalog-partition';
import { readCatalogHead, readSnapshotChunks, writeSnapshot } from './catalog-snapshot';
import { type DecodedSnapshot, decodeSnapshot, SnapshotFormatUnknown } from './catalog-snapshot-format';
import { applyChanges, stateFromEntries, stateFromSnapshot } from './catalog-state';

/**
 * Reads a shop's catalog and keeps it in memory per shop. Each call costs one small strongly
 * consistent GetItem of the shop's meta item (its catalog version); when the version moved on, a
 * warm instance reads only the change-log entries since the version it holds and patches its
 * catalog (refresh by difference); a cold one reads the current snapshot (compressed chunks, in
 * parallel) and the log entries written after it. No request reads the catalog partition.
 */

const cache = new Map<string, CatalogState>();
/** Loads in flight per shop and version, so concurrent requests of one instance share one read. */
const loading = new Map<string, Promise<CatalogState | null>>();
/** Attempts of a cold load whose snapshot was retired and removed while it read. */
const MAX_COLD_ATTEMPTS = 3;

/**
 * The shop's catalog, or null for an unknown shop. `knownVersion` is a catalog version the caller
 * read in the same request (cart routes read it with the cart in one BatchGetItem), which saves
 * the version read. The catalog returned is at least that version.
 */
export async function loadCatalog(shopId: string, knownVersion?: number | null): Promise<Catalog | null> {
  return (await loadCatalogState(shopId, knownVersion))?.catalog ?? null;
}

/**
 * The shop's catalog; NotFoundError('Shop') when the shop does not exist. Pass the catalog version
 * when the request has read it already (cart routes), to save the version read.
 */
export async function requireCatalog(shopId: string, knownVersion?: number | null): Promise<Catalog> {
  const catalog = await loadCatalog(shopId, knownVersion);
  if (!catalog) throw new NotFoundError('Shop');
  return catalog;
}

/** The state behind loadCatalog (snapshot writers need the projection and compressed products). */
export async function loadCatalogState(
  shopId: string,
  knownVersion?: number | null,
): Promise<CatalogState | null> {
  const version = knownVersion === undefined ? await catalogVersion(shopId) : knownVersion;
  if (version === null) return null;
  const cached = cache.get(shopId);
  if (cached && cached.catalog.version >= version) return cached;
  const key = `${shopId}\u0000${version}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = refreshed(shopId, version, cached).finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  const state = await pending;
  // Every catalog of the shop shows the instance's live stock (product reads refresh it first).
  if (state) state.catalog.stock ??= shopStock(shopId);
  const newest = cache.get(shopId);
  if (state && (!newest || newest.catalog.version < state.catalog.version)) cache.set(shopId, state);
  return state;
}

/**
 * Takes a version this instance has just written into the catalog it keeps, by difference, when it
 * holds the version before: the writer's next read of that version then needs no log read. The
 * changes go through JSON, as a reader of the log entry gets them.
 */
export function adoptWrittenVersion(
  shopId: string,
  version: number,
  changes: readonly CatalogChange[],
): void {
  const cached = cache.get(shopId);
  if (!cached || cached.catalog.version !== version - 1) return;
  const state = applyChanges(cached, version, JSON.parse(JSON.stringify(changes)) as CatalogChange[]);
  state.catalog.stock ??= shopStock(shopId);
  cache.set(shopId, state);
}

/** The catalog this instance keeps for the shop, whatever its version; undefined before the first read. */
export function keptCatalog(shopId: string): Catalog | undefined {
  return cache.get(shopId)?.catalog;
}

/** The shop's current catalog version; null when the shop does not exist. */
export async function catalogVersion(shopId: string): Promise<number | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.shopMeta(shopId),
      ProjectionExpression: 'catalogVersion',
      // Strongly consistent: a write through any instance is seen by the next request anywhere.
      ConsistentRead: true,
    }),
  );
  return Item ? (Item.catalogVersion as number) : null;
}

/** Drops the in-memory catalogs (tests that rewrite a shop, and cold starts in tests). */
export function forgetCatalogs(): void {
  cache.clear();
  forgetStock();
}

/** The catalog at `version` or later: from the log when this instance holds an older one, else cold. */
async function refreshed(
  shopId: string,
  version: number,
  cached?: CatalogState,
): Promise<CatalogState | null> {
  if (cached) {
    const changes = await readLog(shopId, cached.catalog.version, version);
    if (changes) return caughtUp(cached, changes);
  }
  return coldLoad(shopId);
}

/** A state with the log's changes applied, version after version. */
/**
 * The state after the log entries of the versions that follow it, applied as one difference: each
 * application copies the catalog's columns (O(products)), so entry by entry a cold start behind
 * 960 versions of a 100,000-product catalog took 17 s; at once it is one copy.
 */
function caughtUp(state: CatalogState, changes: readonly (readonly CatalogChange[])[]): CatalogState {
  if (changes.length === 0) return state;
  return applyChanges(state, state.catalog.version + changes.length, changes.flat());
}

async function coldLoad(shopId: string): Promise<CatalogState | null> {
  for (let attempt = 1; ; attempt++) {
    const head = await readCatalogHead(shopId);
    if (!head) return null;
    if (!head.snapshot) return migratedLoad(shopId, head.version);
    const chunks = await readSnapshotChunks(shopId, head.snapshot);
    const changes = chunks && (await readLog(shopId, head.snapshot.version, head.version));
    if (chunks && changes) {
      const { snapshot } = head;
      let decoded: DecodedSnapshot;
      try {
        decoded = decodeSnapshot(chunks);
      } catch (error) {
        if (!(error instanceof SnapshotFormatUnknown)) throw error;
        return migratedLoad(shopId, head.version, snapshot.id);
      }
      return caughtUp(stateFromSnapshot(shopId, snapshot.version, decoded, snapshot), changes);
    }
    // The snapshot was replaced and removed, or its log entries compacted away, while we read.
    if (attempt >= MAX_COLD_ATTEMPTS)
      throw new Error(`catalog snapshot of shop ${shopId} keeps disappearing`);
  }
}

/**
 * A shop without a snapshot (imported before snapshots existed), or with one in a layout this
 * release does not read: the catalog is read from its partition once and stored as a snapshot,
 * which every instance then loads.
 */
async function migratedLoad(shopId: string, version: number, unreadable?: string): Promise<CatalogState> {
  const state = await legacyLoad(shopId, version);
  await writeSnapshot(shopId, state, unreadable);
  return state;
}

/** The catalog read from its whole partition (the migration above only). */
async function legacyLoad(shopId: string, version: number): Promise<CatalogState> {
  return stateFromEntries(shopId, version, await readCatalogPartition(shopId), null);
}
