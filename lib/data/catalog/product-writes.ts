import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Catalog } from '../../domain/catalog/catalog';
import type { ShopProduct } from '../../domain/catalog/catalog-types';
import { ConcurrentChange, NotFoundError } from '../../domain/errors';
import { dynamo, tableName } from '../client';
import { keys } from '../keys';
import { loadCatalog } from './catalog-repository';
import { writeCatalog } from './catalog-writes';

/**
 * Lost races a product change may suffer in a row before it answers 409. Product writes serialize
 * on the catalog version, and a loser has no priority over newcomers: 500 PATCHes at c=8 on the
 * loaded bench host left 68 with a 409 after 6 attempts and 11 after 12 (`bench:scale` part
 * product-writes); a write a merchant's tool sends must not give up that easily.
 */
const MAX_ATTEMPTS = 40;

/**
 * Read-modify-write of one product: `change` computes the new product from the current catalog, and
 * it is stored only if the catalog version is still the one read (writeCatalog's expectedVersion;
 * the same transaction bumps the version, so every instance sees the change on its next request).
 * A lost race re-reads the catalog and runs `change` again. An unchanged product is not written.
 * `changedFields` (the patch's paths) makes the write raise ProductUpdated.
 */
export async function updateProduct(
  shopId: string,
  productId: string,
  change: (catalog: Catalog, product: ShopProduct) => ShopProduct,
  changedFields?: readonly string[],
): Promise<{ catalog: Catalog; product: ShopProduct }> {
  let position: number | undefined;
  for (let attempt = 1; ; attempt++) {
    const catalog = await loadCatalog(shopId);
    if (!catalog) throw new NotFoundError('Shop');
    const current = catalog.products.get(productId);
    if (!current) throw new NotFoundError('Product');
    const product = change(catalog, current);
    if (JSON.stringify(product) === JSON.stringify(current)) return { catalog, product };
    position ??= await storedPosition(shopId, productId);
    try {
      await writeCatalog(shopId, {
        puts: [{ kind: 'product', id: productId, data: product, position }],
        expectedVersion: catalog.version,
        events: changedFields && [{ type: 'ProductUpdated', productId, changedFields: [...changedFields] }],
      });
      return { catalog, product };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      if (attempt >= MAX_ATTEMPTS)
        throw new ConcurrentChange('The catalog is being changed by other requests; try again');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * Math.min(attempt, 10)));
    }
  }
}

/** The product's list position (kept, or the product would move to the front of the catalog order). */
async function storedPosition(shopId: string, productId: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.catalogItem(shopId, 'product', productId),
      ProjectionExpression: '#position',
      ExpressionAttributeNames: { '#position': 'position' },
    }),
  );
  return (Item?.position as number | undefined) ?? 0;
}
