import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ShopFile } from '../schemas/shop-file';
import { batchGetItems } from './batch-get';
import { type BatchWrite, batchWrite } from './batch-write';
import { catalogItem } from './catalog-items';
import type { CatalogItemData } from './catalog-repository';
import { dynamo, tableName } from './client';
import { customerItems } from './customer-items';
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
 * version is bumped last, so running instances reload the catalog only once it is complete.
 */
export async function importShop(
  shopId: string,
  file: ShopFile,
  onProgress?: (written: number, total: number) => void,
): Promise<ImportReport> {
  const tallied = await talliedCustomers(shopId, file.customers);
  const customers = file.customers.flatMap((c) => {
    const { customer, numberGuard, emailGuard } = customerItems(shopId, c, tallied.get(c.customerId));
    return emailGuard ? [customer, numberGuard, emailGuard] : [customer, numberGuard];
  });
  const puts = [...catalogItems(shopId, file), ...customers];
  const wanted = new Set(puts.map((p) => `${p.pk}|${p.sk}`));
  const stale = (await existingCatalogKeys(shopId)).filter((k) => !wanted.has(`${k.pk}|${k.sk}`));
  const writes: BatchWrite[] = [...puts.map((put) => ({ put })), ...stale.map((key) => ({ delete: key }))];
  await batchWrite(writes, onProgress);
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.shopMeta(shopId),
      UpdateExpression: 'ADD catalogVersion :one SET importedAt = :now',
      ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
    }),
  );
  return { items: puts.length, deleted: stale.length };
}

function catalogItems(shopId: string, file: ShopFile): (Record<string, unknown> & Key)[] {
  const item = <K extends CatalogKind>(kind: K, id: string, data: CatalogItemData[K], position = 0) =>
    catalogItem(shopId, kind, id, data, position);
  return [
    item('settings', 'shop', file.settings),
    item('legal', 'contact-information', file.legal.contactInformation),
    ...file.taxClasses.map((t, i) => item('taxClass', t.taxClassId, t, i)),
    ...file.shippingMethods.map((m, i) => item('shippingMethod', m.shippingMethodId, m, i)),
    ...file.coupons.map((c, i) => item('coupon', c.code.toUpperCase(), c, i)),
    ...file.basketDiscounts.map((d, i) => item('basketDiscount', d.basketDiscountId, d, i)),
    ...file.attributeDefinitions.map((a, i) => item('attributeDefinition', a.key, a, i)),
    ...file.productTypes.map((t, i) => item('productType', t.productTypeId, t, i)),
    ...file.categories.map((c, i) => item('category', c.categoryId, c, i)),
    ...file.products.map((p, i) => item('product', p.productId, p, i)),
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

/**
 * What the list counters hold for the file's customers that exist already: a customer imported
 * again keeps it, so a second import does not count it twice (lib/data/lists).
 */
async function talliedCustomers(shopId: string, customers: ShopFile['customers']) {
  const found = await batchGetItems(customers.map((c) => keys.customer(shopId, c.customerId)));
  const tallied = new Map<string, string>();
  customers.forEach((c, i) => {
    const value = found[i]?.tallied;
    if (typeof value === 'string') tallied.set(c.customerId, value);
  });
  return tallied;
}
