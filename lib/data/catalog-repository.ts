import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Catalog } from '../domain/catalog';
import type { ShopFile } from '../schemas/shop-file';
import { catalogItemData } from './catalog-items';
import { dynamo, tableName } from './client';
import { type CatalogKind, keys } from './keys';
import { queryAll } from './query-all';

/**
 * Reads a shop's catalog. The whole catalog partition is loaded with one paged Query and kept in
 * memory per shop; each later call costs one small GetItem of the shop's meta item, and the
 * partition is read again only when its catalog version has changed.
 */

const cache = new Map<string, Catalog>();

/**
 * The shop's catalog, or null for an unknown shop. `knownVersion` is a catalog version the caller
 * read in the same request (cart routes read it with the cart in one BatchGetItem), which saves
 * the version read.
 */
export async function loadCatalog(shopId: string, knownVersion?: number | null): Promise<Catalog | null> {
  const version = knownVersion === undefined ? await catalogVersion(shopId) : knownVersion;
  if (version === null) return null;
  const cached = cache.get(shopId);
  if (cached?.version === version) return cached;
  const catalog = await readCatalog(shopId, version);
  cache.set(shopId, catalog);
  return catalog;
}

/** The catalog this instance keeps for the shop, whatever its version; undefined before the first read. */
export function keptCatalog(shopId: string): Catalog | undefined {
  return cache.get(shopId);
}

/** The shop's current catalog version; null when the shop does not exist. */
export async function catalogVersion(shopId: string): Promise<number | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.shopMeta(shopId),
      ProjectionExpression: 'catalogVersion',
      // Strongly consistent: a write through any instance is seen by the next request anywhere.
      ConsistentRead: true,
    }),
  );
  return Item ? (Item.catalogVersion as number) : null;
}

/** Drops the in-memory catalogs (tests that rewrite a shop). */
export function forgetCatalogs(): void {
  cache.clear();
}

async function readCatalog(shopId: string, version: number): Promise<Catalog> {
  const byKind = new Map<CatalogKind, { position: number; data: unknown }[]>();
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.catalogPartition(shopId) },
    ConsistentRead: true,
  });
  for (const item of items) {
    const kind = keys.catalogKindOf(item.sk as string);
    if (!kind) continue;
    const list = byKind.get(kind) ?? [];
    list.push({ position: (item.position as number | undefined) ?? 0, data: catalogItemData(item) });
    byKind.set(kind, list);
  }

  // Items come back in key order; `position` restores the order of the imported file.
  const all = <K extends CatalogKind>(kind: K) =>
    (byKind.get(kind) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((e) => e.data) as CatalogItemData[K][];
  const settings = all('settings')[0];
  if (!settings) throw new Error(`shop ${shopId} has a catalog version but no settings`);
  return {
    shopId,
    version,
    settings,
    taxClasses: new Map(all('taxClass').map((t) => [t.taxClassId, t])),
    shippingMethods: all('shippingMethod'),
    coupons: new Map(all('coupon').map((c) => [c.code.toUpperCase(), c])),
    basketDiscounts: all('basketDiscount'),
    attributeDefinitions: new Map(all('attributeDefinition').map((a) => [a.key, a])),
    productTypes: new Map(all('productType').map((t) => [t.productTypeId, t])),
    categories: new Map(all('category').map((c) => [c.categoryId, c])),
    products: new Map(all('product').map((p) => [p.productId, p])),
    legal: all('legal')[0] ?? {},
  };
}

/** What each catalog item kind stores in its `data` attribute. */
export interface CatalogItemData {
  settings: ShopFile['settings'];
  taxClass: ShopFile['taxClasses'][number];
  shippingMethod: ShopFile['shippingMethods'][number];
  coupon: ShopFile['coupons'][number];
  basketDiscount: ShopFile['basketDiscounts'][number];
  attributeDefinition: ShopFile['attributeDefinitions'][number];
  productType: ShopFile['productTypes'][number];
  category: ShopFile['categories'][number];
  product: ShopFile['products'][number];
  legal: ShopFile['legal']['contactInformation'];
}
