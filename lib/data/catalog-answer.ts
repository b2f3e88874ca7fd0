import type { Catalog } from '../domain/catalog';
import { requireCatalog } from './catalog-repository';

/**
 * What `answer` makes of the shop's current catalog (NotFoundError when the shop does not exist),
 * for the routes whose answer comes from the catalog alone (`catalogRead` in the route table). The
 * catalog costs one strongly consistent read of its version when this instance keeps it.
 */
export async function answerFromCatalog<T>(
  request: { shopId: string },
  answer: (catalog: Catalog) => T,
): Promise<T> {
  return answer(await requireCatalog(request.shopId));
}
