import type { Catalog } from '../../domain/catalog/catalog';
import type { CatalogStep } from './catalog-version-plan';
import { queueCatalogChange } from './catalog-write-queue';

/**
 * Read-modify-write of the catalog with optimistic concurrency: `step` computes the writes from
 * the current catalog, and they are stored only if the catalog version is still the one read
 * (writeCatalog's expectedVersion), through the shop's write queue (lib/data/catalog/catalog-write-queue.ts).
 * When another writer got there first, `step` runs again on the fresh catalog, so `step` must be a
 * pure function of the catalog. A step of more than MAX_CATALOG_WRITES items is refused: split it
 * with `more`. `combine`: the step reads and writes products only (records, numbers, positions; a
 * new product's position LAST), so it may share a catalog version with other such steps.
 */
export async function updateCatalog<T>(
  shopId: string,
  step: (catalog: Catalog) => CatalogStep<T> | Promise<CatalogStep<T>>,
  options: { combine?: boolean } = {},
): Promise<T> {
  return queueCatalogChange(shopId, step, { combine: options.combine ?? false });
}
