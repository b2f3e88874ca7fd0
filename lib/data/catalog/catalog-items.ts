import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type CatalogKind, type Key, keys } from '../keys';

/**
 * The stored form of a catalog item. Its data is one compressed JSON blob rather than a nested
 * DynamoDB map: a 10,000-product catalog then loads several times faster (no thousands of nested
 * attributes to unmarshal) and costs a fraction of the read units, which matters because every
 * instance reloads the catalog after each catalog write. Only this module knows the format.
 */
export function catalogItem(
  shopId: string,
  kind: CatalogKind,
  id: string,
  data: unknown,
  position = 0,
): Record<string, unknown> & Key {
  return {
    ...keys.catalogItem(shopId, kind, id),
    kind,
    position,
    blob: deflateRawSync(JSON.stringify(data)),
  };
}

/** The data of a stored catalog item. */
export function catalogItemData(item: Record<string, unknown>): unknown {
  if (item.blob instanceof Uint8Array) return JSON.parse(inflateRawSync(item.blob).toString('utf8'));
  return typeof item.json === 'string' ? JSON.parse(item.json) : item.data;
}
