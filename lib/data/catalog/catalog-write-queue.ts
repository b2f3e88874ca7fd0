import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Catalog } from '../../domain/catalog/catalog';
import { projectionOf } from '../../domain/catalog/catalog-projection';
import { nextProductPosition } from '../../domain/catalog/product-numbers';
import { NotFoundError, StorageBusy } from '../../domain/errors';
import { log } from '../../log';
import { compactAfterWrite } from './catalog-compaction';
import { catalogPositions } from './catalog-positions';
import { adoptWrittenVersion, loadCatalog } from './catalog-repository';
import {
  type CatalogStep,
  LAST,
  type PlannedPut,
  type PlannedWrites,
  VersionPlan,
} from './catalog-version-plan';
import { type CatalogPut, writeCatalog } from './catalog-writes';

/**
 * How long a change keeps trying while other instances win the catalog version before it answers
 * 503 with Retry-After: inside the 7 s in which a request answers even when DynamoDB stops
 * (lib/data/client-settings.ts), and about a hundred versions at AWS's latencies.
 */
export const CONTENTION_BUDGET_MS = 4000;
/** Most seconds a client is told to wait when the shop's catalog stays contended. */
const RETRY_AFTER_S = 1;
/** Backoff after lost races in a row: a random wait below min(cap, base × 2^lost). */
const BACKOFF_BASE_MS = 5;
const BACKOFF_CAP_MS = 100;
/** Rounds one change may take at all (a guard against a step that never finishes). */
const MAX_ROUNDS = 500;
/** Changes whose steps one version runs at most (each writes at least one item). */
const MAX_CHANGES_PER_VERSION = 98;

type Step = (catalog: Catalog) => CatalogStep<unknown> | Promise<CatalogStep<unknown>>;

/** A change waiting for its version. */
interface Waiting {
  step: Step;
  /** Reads more than products: it gets a version of its own. */
  alone: boolean;
  /** When it was queued or last made progress: the contention budget runs from here. */
  since: number;
  rounds: number;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

interface ShopQueue {
  waiting: Waiting[];
  draining: boolean;
}

const queues = new Map<string, ShopQueue>();

/**
 * Queues a catalog change of a shop and resolves with its step's result once written (group commit).
 * One version is written at a time per shop and process; the changes that arrive meanwhile wait,
 * and the next version runs each waiting step on the current catalog and writes every change that
 * fits (VersionPlan) in ONE transaction, conditional on that catalog's version: on a busy instance
 * sixteen writers of different products take a version or two instead of racing for sixteen. A step
 * that throws fails its own request only; a change that does not fit waits for the next version and
 * is computed again there. `combine` says the step reads and writes products only (their records,
 * numbers and positions), so it may share a version; any other change gets a version of its own.
 * A version lost to another instance (DynamoDB's condition) is computed again on the fresh catalog
 * after a short random backoff; a change that keeps losing for CONTENTION_BUDGET_MS fails with
 * StorageBusy (503 with Retry-After), never with a conflict: only the request's own data does that.
 */
export function queueCatalogChange<T>(
  shopId: string,
  step: (catalog: Catalog) => CatalogStep<T> | Promise<CatalogStep<T>>,
  options: { combine: boolean },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(shopId);
    if (!queue) {
      queue = { waiting: [], draining: false };
      queues.set(shopId, queue);
    }
    queue.waiting.push({
      step,
      alone: !options.combine,
      since: Date.now(),
      rounds: 0,
      resolve: resolve as (result: unknown) => void,
      reject,
    });
    if (!queue.draining) {
      queue.draining = true;
      void drain(shopId, queue);
    }
  });
}

/** Writes versions until no change waits. */
async function drain(shopId: string, queue: ShopQueue): Promise<void> {
  let lost = 0;
  // The version this loop wrote last: the next version is computed on it without reading the
  // version again (if another instance wrote meanwhile, the condition says so and we read).
  let written: number | undefined;
  try {
    // Changes that arrive in the same turn of the event loop (the PATCHes whose stock reads came
    // back in one batch, lib/data/inventory/shard-read-batches.ts) start the first version together
    // instead of one alone and the rest in a second version.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, batchSize(queue.waiting));
      let outcome: Outcome;
      try {
        outcome = await writeVersion(shopId, batch, written);
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
        outcome = { again: [], lost: false };
      }
      written = outcome.written;
      // Changes to compute again go first: they waited longest.
      queue.waiting.unshift(...outcome.again);
      lost = outcome.lost ? lost + 1 : 0;
      if (lost > 0) await sleep(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** lost));
    }
  } finally {
    queue.draining = false;
    if (queues.get(shopId) === queue) queues.delete(shopId);
  }
}

/** The waiting changes the next version considers: one alone, or the combinable ones at the front. */
function batchSize(waiting: readonly Waiting[]): number {
  if (waiting[0]?.alone) return 1;
  const end = waiting.findIndex((w) => w.alone);
  return Math.min(end < 0 ? waiting.length : end, MAX_CHANGES_PER_VERSION);
}

interface Outcome {
  /** Changes to compute again on the next version, in queue order. */
  again: Waiting[];
  /** The version was lost to another writer. */
  lost: boolean;
  /** The version written, if one was. */
  written?: number;
}

/** Computes the batch's steps on the current catalog and writes those that fit as one version. */
async function writeVersion(
  shopId: string,
  batch: readonly Waiting[],
  knownVersion: number | undefined,
): Promise<Outcome> {
  const catalog = await loadCatalog(shopId, knownVersion);
  if (!catalog) {
    for (const waiting of batch) waiting.reject(new NotFoundError('Shop'));
    return { again: [], lost: false };
  }
  const plan = new VersionPlan();
  const joined: { waiting: Waiting; step: CatalogStep<unknown> }[] = [];
  const again = new Set<Waiting>();
  for (const waiting of batch) {
    let step: CatalogStep<unknown>;
    try {
      step = await waiting.step(catalog);
    } catch (error) {
      waiting.reject(error);
      continue;
    }
    const writes: PlannedWrites = { puts: step.puts ?? [], deletes: step.deletes ?? [] };
    if (writes.puts.length + writes.deletes.length === 0) waiting.resolve(step.result);
    else if (!waiting.alone && !productsOnly(writes))
      waiting.reject(new Error('a combined catalog change writes products only'));
    else if (!plan.fits(writes)) again.add(waiting);
    else {
      plan.add(writes);
      joined.push({ waiting, step });
    }
  }
  if (joined.length === 0) return { again: inOrder(batch, again), lost: false, written: knownVersion };

  let stored: Awaited<ReturnType<typeof writeCatalog>>;
  try {
    const steps = joined.map((j) => j.step);
    stored = await writeCatalog(shopId, {
      puts: await positioned(
        shopId,
        catalog,
        steps.flatMap((s) => s.puts ?? []),
      ),
      deletes: steps.flatMap((s) => s.deletes ?? []),
      expectedVersion: catalog.version,
      events: steps.flatMap((s) => s.events ?? []),
    });
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const now = Date.now();
      for (const { waiting } of joined) {
        if (now - waiting.since > CONTENTION_BUDGET_MS) waiting.reject(new StorageBusy(RETRY_AFTER_S));
        else again.add(waiting);
      }
      return { again: inOrder(batch, again), lost: true };
    }
    // Too big together (a log entry past its limit): each alone, so the one at fault fails alone.
    if (joined.length > 1 && error instanceof RangeError) {
      for (const { waiting } of joined) {
        waiting.alone = true;
        again.add(waiting);
      }
    } else for (const { waiting } of joined) waiting.reject(error);
    return { again: inOrder(batch, again), lost: false };
  }

  const { version } = stored;
  try {
    adoptWrittenVersion(shopId, version, stored.changes);
  } catch (error) {
    // The version is written: the next read takes it from the log instead.
    log.warn('taking a written catalog version into memory failed', {
      shopId,
      version,
      error: String(error),
    });
  }
  // The writers answer once the compaction their version may start is done (in a Lambda nothing
  // runs after the answer); the next version does not wait for it.
  const compacted = compactAfterWrite(shopId, version);
  for (const { waiting, step } of joined) {
    waiting.since = Date.now();
    if (!step.more) void compacted.then(() => waiting.resolve(step.result));
    else if (++waiting.rounds >= MAX_ROUNDS)
      waiting.reject(new Error(`catalog change of shop ${shopId} did not finish in ${MAX_ROUNDS} rounds`));
    else again.add(waiting);
  }
  return { again: inOrder(batch, again), lost: false, written: version };
}

function inOrder(batch: readonly Waiting[], chosen: ReadonlySet<Waiting>): Waiting[] {
  return batch.filter((w) => chosen.has(w));
}

function productsOnly(writes: PlannedWrites): boolean {
  return [...writes.puts, ...writes.deletes].every((item) => item.kind === 'product');
}

/**
 * The puts with their positions: LAST products after every other product, each its own (in the
 * order of the version's changes); a product without one keeps the position the catalog the version
 * is conditional on gives it; other items keep their stored one (read with one BatchGetItem).
 */
async function positioned(
  shopId: string,
  catalog: Catalog,
  puts: readonly PlannedPut[],
): Promise<CatalogPut[]> {
  const others = puts.filter((p) => p.position === undefined && p.kind !== 'product');
  const stored = new Map<string, Map<string, number>>();
  for (const kind of new Set(others.map((p) => p.kind)))
    stored.set(
      kind,
      await catalogPositions(
        shopId,
        kind,
        others.filter((p) => p.kind === kind).map((p) => p.id),
      ),
    );
  let next: number | undefined;
  return puts.map((put) => {
    if (typeof put.position === 'number') return put as CatalogPut;
    let position: number;
    if (put.position === LAST) {
      if (put.kind !== 'product') throw new Error('only products are put last');
      next ??= nextProductPosition(catalog);
      position = next++;
    } else if (put.kind === 'product') position = productPosition(catalog, put.id);
    else position = stored.get(put.kind)?.get(put.id) ?? 0;
    return { ...put, position } as CatalogPut;
  });
}

/** A product's position in the catalog (0 for one it lacks), as its snapshot and log entries hold it. */
function productPosition(catalog: Catalog, productId: string): number {
  const { indexOf, columns } = projectionOf(catalog);
  const slot = indexOf.get(productId);
  return slot === undefined ? 0 : (columns.positions[slot] ?? 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
