import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ShopFile, ShopProduct } from '../domain/catalog/catalog-types';
import { codeKey } from '../domain/coupons/coupon-campaign';
import { campaignsOfFileCoupons } from '../domain/coupons/file-coupons';
import { stockUnits } from '../domain/inventory/stock';
import { shardCountFor } from '../domain/inventory/stock-shards';
import { type BatchWrite, batchWrite } from './batch-write';
import type { CatalogEntry, CatalogItemData } from './catalog/catalog-entries';
import { catalogItem } from './catalog/catalog-items';
import { catalogVersion } from './catalog/catalog-repository';
import { publishImportedSnapshot, retireSnapshot, writeSnapshotChunks } from './catalog/catalog-snapshot';
import { encodeSnapshot } from './catalog/catalog-snapshot-format';
import { stateFromEntries } from './catalog/catalog-state';
import { dynamo, tableName } from './client';
import { customerItems } from './customers/customer-items';
import { writerSpread } from './feeds/feed-spread';
import { stockShardItems } from './inventory/stock-shards';
import { type CatalogKind, type Key, keys } from './keys';
import { queryAll } from './query-all';

export interface ImportReport {
  /** Items written (catalog items, customers and their guards). */
  items: number;
  /** Catalog items of an earlier import that the file no longer has. */
  deleted: number;
}

/**
 * Loads a validated shop file into the table. Idempotent: catalog items get deterministic keys and
 * catalog items the file no longer lists are deleted, so importing the same file twice leaves the
 * same state. Carts, orders and customers created through the API are left alone. The catalog
 * version is bumped last, together with the pointer to a snapshot of the imported catalog, so running
 * instances load it (from the snapshot) only once it is complete. The file wins: a catalog write
 * through the API while the import runs is overwritten in the items and missing from the snapshot.
 */
export async function importShop(
  shopId: string,
  file: ShopFile,
  onProgress?: (written: number, total: number) => void,
): Promise<ImportReport> {
  const feedBuckets = await writerSpread(shopId, 'CUSTOMER');
  const customers = file.customers.flatMap((c) => {
    const { customer, numberGuard, emailGuard } = customerItems(shopId, c, feedBuckets);
    return emailGuard ? [customer, numberGuard, emailGuard] : [customer, numberGuard];
  });
  // Every product counts as written now (GET /products/updated/attributes).
  const writtenAt = new Date().toISOString();
  const products = file.products.map((p) => ({ ...withStockShards(p), writtenAt }));
  const entries = catalogEntries({ ...file, products });
  const puts = [
    ...entries.map((e) => catalogItem(shopId, e.kind, e.id, e.data, e.position)),
    ...customers,
    ...products.flatMap((p) =>
      p.stocklevel === null || p.stockShards === null
        ? []
        : stockShardItems(shopId, p.productId, stockUnits(p.stocklevel), p.stockShards),
    ),
  ];
  const wanted = new Set(puts.map((p) => `${p.pk}|${p.sk}`));
  const stale = (await existingCatalogKeys(shopId)).filter((k) => !wanted.has(`${k.pk}|${k.sk}`));
  const writes: BatchWrite[] = [...puts.map((put) => ({ put })), ...stale.map((key) => ({ delete: key }))];
  await writeInParallel(writes, onProgress);
  await publishCatalog(shopId, entries);
  await markStockEpoch(shopId);
  return { items: puts.length, deleted: stale.length };
}

/**
 * A tracked product with its shard count decided (the file's, else 1), so the catalog tells a
 * checkout how many shards to read. Untracked products have none. Shards beyond a count that
 * shrank are left as they are: nothing reads past the count.
 */
function withStockShards(product: ShopProduct): ShopProduct {
  if (product.stocklevel === null) return { ...product, stockShards: null };
  return { ...product, stockShards: shardCountFor(product.stockShards) };
}

/**
 * Notes when this import set the stock: product reads start from the catalog's levels and read the
 * stock change feed only from here on (lib/data/inventory/stock-view.ts), never the import's own writes.
 */
async function markStockEpoch(shopId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.shopMeta(shopId),
      UpdateExpression: 'SET stockEpoch = :now',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
}

/** Batch writers at once: DynamoDB takes them in parallel (one at a time, 100,000 products took minutes). */
const PARALLEL_WRITERS = 8;

async function writeInParallel(
  writes: readonly BatchWrite[],
  onProgress?: (written: number, total: number) => void,
): Promise<void> {
  const share = Math.ceil(writes.length / PARALLEL_WRITERS / 25) * 25 || 25;
  let written = 0;
  const slices: BatchWrite[][] = [];
  for (let start = 0; start < writes.length; start += share) slices.push(writes.slice(start, start + share));
  await Promise.all(
    slices.map((slice) => {
      let done = 0;
      return batchWrite(slice, (count) => {
        written += count - done;
        done = count;
        onProgress?.(written, writes.length);
      });
    }),
  );
}

/** Writes the snapshot of the imported catalog, then bumps the version and points at it at once. */
async function publishCatalog(shopId: string, entries: readonly CatalogEntry[]): Promise<void> {
  const chunks = await encodeSnapshot(stateFromEntries(shopId, 0, entries, null));
  const id = await writeSnapshotChunks(shopId, chunks);
  for (let attempt = 1; ; attempt++) {
    const replaced = await publishImportedSnapshot(shopId, (await catalogVersion(shopId)) ?? 0, {
      id,
      chunks: chunks.length,
    });
    if (replaced) await retireSnapshot(shopId, replaced);
    if (replaced !== false) return;
    // An API write moved the version meanwhile: the file still wins.
    if (attempt >= 10) throw new Error(`the catalog of shop ${shopId} keeps changing during the import`);
  }
}

function catalogEntries(file: ShopFile): CatalogEntry[] {
  const item = <K extends CatalogKind>(kind: K, id: string, data: CatalogItemData[K], position = 0) => ({
    kind,
    id,
    data,
    position,
  });
  return [
    item('settings', 'shop', file.settings),
    item('legal', 'contact-information', file.legal.contactInformation),
    ...Object.entries(file.legal.pages ?? {}).map(([page, byLocale]) => item('legalPage', page, byLocale)),
    ...(file.scriptTags ?? []).map((t, i) => item('scriptTag', t.scriptTagId, t, i)),
    ...file.taxClasses.map((t, i) => item('taxClass', t.taxClassId, t, i)),
    ...file.shippingMethods.map((m, i) => item('shippingMethod', m.shippingMethodId, m, i)),
    ...couponEntries(file),
    ...file.basketDiscounts.map((d, i) => item('basketDiscount', d.basketDiscountId, d, i)),
    ...file.attributeDefinitions.map((a, i) => item('attributeDefinition', a.key, a, i)),
    ...file.productTypes.map((t, i) => item('productType', t.productTypeId, t, i)),
    ...file.categories.map((c, i) => item('category', c.categoryId, c, i)),
    ...file.products.map((p, i) => item('product', p.productId, p, i)),
  ];
}

/** The file's coupons as campaigns with one code each (docs/catalog.md "Coupon campaigns"). */
function couponEntries(file: ShopFile): CatalogEntry[] {
  const made = new Date().toISOString();
  const { campaigns, codes } = campaignsOfFileCoupons(file.coupons, file.settings.defaultCurrency, made);
  return [
    ...campaigns.map((c, i) => ({ kind: 'couponCampaign' as const, id: c.campaignId, data: c, position: i })),
    ...codes.map((c, i) => ({ kind: 'couponCode' as const, id: codeKey(c.code), data: c, position: i })),
  ];
}

async function existingCatalogKeys(shopId: string): Promise<Key[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.catalogPartition(shopId) },
    ProjectionExpression: 'pk, sk',
  });
  return items.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}
