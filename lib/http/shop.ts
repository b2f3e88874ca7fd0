import { keptCatalog, requireCatalog } from '../data/catalog-repository';
import type { Catalog } from '../domain/catalog';
import { NotFound } from './errors';

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
  const kept = keptCatalog(request.shopId);
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
