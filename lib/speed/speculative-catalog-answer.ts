import { keptCatalog, requireCatalog } from '../data/catalog/catalog-repository';
import type { Catalog } from '../domain/catalog/catalog';
import { NotFoundError } from '../domain/errors';
import { speedTrickOn } from './switches';

/**
 * Speed trick `speculative-answers`: catalog reads work their answer out on the catalog this
 * instance keeps while the catalog version is being read, so the CPU work overlaps the DynamoDB
 * round trip instead of following it (on a CPU that has gone idle meanwhile). The outcome, value or
 * error, counts only when the version read confirms that catalog is current; otherwise the answer
 * is worked out again on the fresh one (test/api/catalog-reads.test.ts changes the catalog behind
 * the server's back). What it saves: docs/performance.md "Speed tricks" (bench: `--only search`
 * with and without). Off: `SPEED_TRICKS_OFF=speculative-answers` awaits the version read first.
 */

type Outcome<T> = { value: T } | { error: unknown };

/**
 * What `answer` makes of the shop's current catalog (NotFoundError when the shop does not exist),
 * for routes with `catalogRead`, whose version read the chain started (lib/http/middleware/early-read.ts).
 * `answer` is synchronous and has no effects beyond its result.
 */
export async function answerFromCatalog<T>(
  request: { shopId: string; catalogVersionRead: Promise<number | null> },
  answer: (catalog: Catalog) => T,
): Promise<T> {
  const kept = speedTrickOn('speculative-answers') ? keptCatalog(request.shopId) : undefined;
  // Stock due for a refresh would show older than its bound: then the answer waits for the fresh one.
  const early = kept && (kept.stock?.isCurrent() ?? true) ? attempt(() => answer(kept)) : undefined;
  const version = await request.catalogVersionRead;
  if (version === null) throw new NotFoundError('Shop');
  if (early && kept?.version === version) {
    if ('error' in early) throw early.error;
    return early.value;
  }
  return answer(await requireCatalog(request.shopId, version));
}

function attempt<T>(fn: () => T): Outcome<T> {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}
