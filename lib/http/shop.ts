import { loadCatalog } from '../data/catalog-repository';
import type { Catalog } from '../domain/catalog';
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
