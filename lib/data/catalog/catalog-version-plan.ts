import type { ProductEvent } from '../../domain/catalog/product-events';
import type { CatalogKind } from '../keys';
import type { CatalogDelete, CatalogPut } from './catalog-writes';
import { MAX_CATALOG_WRITES } from './catalog-writes';

/** The position of a new product that comes after every other: fixed when its version is written. */
export const LAST = 'last';

/** A put as a change plans it: a position, none (the item keeps its own) or LAST. */
export type PlannedPut = {
  [K in CatalogKind]: Omit<Extract<CatalogPut, { kind: K }>, 'position'> & {
    position?: number | typeof LAST;
  };
}[CatalogKind];

/**
 * One round of a catalog change, computed from the catalog as it is now. A put without `position`
 * keeps the item's stored position. `more` asks for another round after this one is written (a
 * change too big for one transaction, done in safe steps).
 */
export interface CatalogStep<T> {
  puts?: readonly PlannedPut[];
  deletes?: readonly CatalogDelete[];
  result: T;
  more?: boolean;
  /** Product events of this round, raised from its log entry (lib/domain/catalog/product-events.ts). */
  events?: readonly ProductEvent[];
}

/** What one change writes in its round. */
export interface PlannedWrites {
  puts: readonly PlannedPut[];
  deletes: readonly CatalogDelete[];
}

/**
 * JSON bytes of the items one combined version carries at most: its log entry holds them all, and
 * must stay under 380 KB deflated (lib/data/catalog/catalog-log.ts); product JSON deflates to a
 * quarter or less. A single change bigger than this still gets a version of its own.
 */
export const MAX_VERSION_BYTES = 600_000;

/**
 * The changes that go into one catalog version. Each was computed on the same catalog, so they may
 * share the version only when none could have decided otherwise after another: a change joins
 * when it touches no item another one touches (two writes of one product, or a master's delete and
 * a write of its variation, take two versions, the second computed on the first's result), claims
 * no product number another claims (two products never get one number), and the version stays
 * within one transaction (MAX_CATALOG_WRITES items) and one log entry (MAX_VERSION_BYTES).
 */
export class VersionPlan {
  private readonly touched = new Set<string>();
  private readonly numbers = new Map<string, string>();
  private items = 0;
  private bytes = 0;
  private changes = 0;

  /** Whether `writes` can join the version. */
  fits(writes: PlannedWrites): boolean {
    if (this.changes === 0) return true;
    if (this.items + itemCount(writes) > MAX_CATALOG_WRITES) return false;
    if (this.bytes + byteCount(writes) > MAX_VERSION_BYTES) return false;
    if (itemKeys(writes).some((key) => this.touched.has(key))) return false;
    return productNumbers(writes).every(([number, id]) => (this.numbers.get(number) ?? id) === id);
  }

  /** Adds `writes` to the version (call `fits` first). */
  add(writes: PlannedWrites): void {
    for (const key of itemKeys(writes)) this.touched.add(key);
    for (const [number, id] of productNumbers(writes)) this.numbers.set(number, id);
    this.items += itemCount(writes);
    this.bytes += byteCount(writes);
    this.changes++;
  }
}

function itemCount(writes: PlannedWrites): number {
  return writes.puts.length + writes.deletes.length;
}

function itemKeys(writes: PlannedWrites): string[] {
  return [...writes.puts, ...writes.deletes].map((item) => `${item.kind}\u0000${item.id}`);
}

function productNumbers(writes: PlannedWrites): [string, string][] {
  return writes.puts.flatMap((put) => (put.kind === 'product' ? [[put.data.productNumber, put.id]] : []));
}

function byteCount(writes: PlannedWrites): number {
  let bytes = 0;
  for (const put of writes.puts) bytes += JSON.stringify(put.data).length;
  return bytes;
}
