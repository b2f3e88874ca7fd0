import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Catalog } from '../../domain/catalog/catalog';
import type { ProductEvent } from '../../domain/catalog/product-events';
import { ConcurrentChange, NotFoundError } from '../../domain/errors';
import { catalogPositions } from './catalog-positions';
import { loadCatalog } from './catalog-repository';
import { type CatalogDelete, type CatalogPut, MAX_CATALOG_WRITES, writeCatalog } from './catalog-writes';

/**
 * One round of a catalog change, computed from the catalog as it is now. A put without `position`
 * keeps the item's stored position. `more` asks for another round after this one is written (a
 * change too big for one transaction, done in safe steps).
 */
export interface CatalogStep<T> {
  puts?: readonly CatalogPut[];
  deletes?: readonly CatalogDelete[];
  result: T;
  more?: boolean;
  /** Product events of this round, raised from its log entry (lib/domain/catalog/product-events.ts). */
  events?: readonly ProductEvent[];
}

/** Lost races a change may suffer in a row before it gives up with 409. */
const MAX_CONFLICTS = 12;
/** Rounds one change may take at all (a guard against a step that never finishes). */
const MAX_ROUNDS = 500;

/**
 * Read-modify-write of the catalog with optimistic concurrency: `step` computes the writes from
 * the current catalog, and they are stored only if the catalog version is still the one read
 * (writeCatalog's expectedVersion). When another writer got there first, the catalog is read again
 * and `step` runs again on the fresh copy, so `step` must be a pure function of the catalog.
 * A step of more than MAX_CATALOG_WRITES items is refused: split it with `more`.
 */
export async function updateCatalog<T>(
  shopId: string,
  step: (catalog: Catalog) => CatalogStep<T> | Promise<CatalogStep<T>>,
): Promise<T> {
  let conflicts = 0;
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const catalog = await loadCatalog(shopId);
    if (!catalog) throw new NotFoundError('Shop');
    const planned = await step(catalog);
    const deletes = planned.deletes ?? [];
    const puts = await withPositions(shopId, planned.puts ?? []);
    if (puts.length + deletes.length === 0) return planned.result;
    if (puts.length + deletes.length > MAX_CATALOG_WRITES)
      throw new RangeError(`a catalog step touches at most ${MAX_CATALOG_WRITES} items`);
    try {
      await writeCatalog(shopId, { puts, deletes, expectedVersion: catalog.version, events: planned.events });
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      conflicts++;
      if (conflicts >= MAX_CONFLICTS)
        throw new ConcurrentChange('The catalog is being changed by other requests; try again');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * conflicts));
      continue;
    }
    conflicts = 0;
    if (!planned.more) return planned.result;
  }
  throw new Error(`catalog change of shop ${shopId} did not finish in ${MAX_ROUNDS} rounds`);
}

/** Puts without a position get the item's stored one (0 for a new item). */
async function withPositions(shopId: string, puts: readonly CatalogPut[]): Promise<CatalogPut[]> {
  const missing = puts.filter((p) => p.position === undefined);
  if (missing.length === 0) return [...puts];
  const byKind = new Map<CatalogPut['kind'], Map<string, number>>();
  for (const kind of new Set(missing.map((p) => p.kind))) {
    const ids = missing.filter((p) => p.kind === kind).map((p) => p.id);
    byKind.set(kind, await catalogPositions(shopId, kind, ids));
  }
  return puts.map((p) =>
    p.position === undefined ? ({ ...p, position: byKind.get(p.kind)?.get(p.id) ?? 0 } as CatalogPut) : p,
  );
}
