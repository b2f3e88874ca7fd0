import { loadCatalog } from '../data/catalog-repository';
import type { Catalog } from '../domain/catalog';
import { NotFound } from './errors';

/** The shop's catalog; 404 when the shop does not exist. */
export async function requireCatalog(shopId: string): Promise<Catalog> {
  const catalog = await loadCatalog(shopId);
  if (!catalog) throw new NotFound('Shop not found');
  return catalog;
}
