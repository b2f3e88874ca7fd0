import { type CatalogKind, type Key, keys } from './keys';

/**
 * The stored form of a catalog item. Its data is one JSON string attribute rather than a nested
 * DynamoDB map: a 10,000-product catalog then loads several times faster (DynamoDB does not
 * unmarshal thousands of nested attributes, and the document client does not walk them) and the
 * items are smaller. Only this module knows the format.
 */
export function catalogItem(shopId: string, kind: CatalogKind, id: string, data: unknown, position = 0): Record<string, unknown> & Key {
  return { ...keys.catalogItem(shopId, kind, id), kind, position, json: JSON.stringify(data) };
}

/** The data of a stored catalog item. */
export function catalogItemData(item: Record<string, unknown>): unknown {
  return typeof item.json === 'string' ? JSON.parse(item.json) : item.data;
}
