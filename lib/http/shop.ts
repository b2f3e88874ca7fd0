import { keptCatalog, loadCatalog } from '../data/catalog-repository';
import type { Catalog } from '../domain/catalog';
import { speedTrickOn } from '../speed/switches';
import { NotFound } from './errors';

/**
 * The shop's catalog; 404 when the shop does not exist. Pass the catalog version when the request
 * has read it already (cart routes), to save the version read.
 */
export async function requireCatalog(shopId: string, knownVersion?: number | null): Promise<Catalog> {
  const catalog = await loadCatalog(shopId, knownVersion);
  if (!catalog) throw new NotFound('Shop not found');
  return catalog;
}

type Outcome<T> = { value: T } | { error: unknown };

/**
 * What `answer` makes of the shop's current catalog (404 when the shop does not exist), for routes
 * with `catalogRead`. While the catalog version is being read, `answer` already runs on the catalog
 * this instance keeps, so its CPU work overlaps the DynamoDB round trip instead of following it (on
 * a CPU that has gone idle meanwhile). Its outcome, value or error, counts only when the version
 * read confirms that catalog is current; otherwise `answer` runs again on the fresh one.
 * `answer` is synchronous and has no effects beyond its result.
 */
export async function answerFromCatalog<T>(
  request: { shopId: string; catalogVersionRead: Promise<number | null> },
  answer: (catalog: Catalog) => T,
): Promise<T> {
  const kept = speedTrickOn('speculative-answers') ? keptCatalog(request.shopId) : undefined;
  const early = kept && attempt(() => answer(kept));
  const version = await request.catalogVersionRead;
  if (version === null) throw new NotFound('Shop not found');
  if (early && kept.version === version) {
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
