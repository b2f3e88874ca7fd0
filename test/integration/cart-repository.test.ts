import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { getCart, insertCart, updateCart } from '../../lib/data/cart/cart-repository';
import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { newId } from '../../lib/data/ids';
import type { CartRecord } from '../../lib/domain/cart/cart';
import { snapshotLine } from '../../lib/domain/cart/cart-lines';
import { CartOrdered } from '../../lib/domain/errors';
import { cartAt } from '../support/list-fixtures';
import { useLocalTable } from '../support/local-env';

beforeAll(() => useLocalTable());

const emptyCart = (): CartRecord => cartAt('demo', Date.now());

describe('cart repository (optimistic concurrency)', () => {
  it('applies every one of many racing changes exactly once', async () => {
    // Prepare
    const catalog = await loadCatalog('demo');
    if (!catalog) throw new Error('demo shop missing');
    const file = await readShopFile('infra/local/seed/demo.json');
    const products = file.products
      .filter((p) => p.visible && p.forSale && p.masterId === null && p.variationAttributeKeys.length === 0)
      .slice(0, 12);
    const cart = emptyCart();
    await insertCart(cart);

    // Act: every writer starts from the same stale copy
    await Promise.all(
      products.map((product) =>
        updateCart(cart, (current) => ({
          ...current,
          lineItems: [
            ...current.lineItems,
            snapshotLine(
              catalog,
              current,
              catalog.products.get(product.productId) ?? product,
              newId(),
              product.minOrder,
            ),
          ],
        })),
      ),
    );

    // Assess
    const stored = await getCart('demo', cart.cartId);
    expect(stored?.version).toBe(1 + products.length);
    expect(stored?.lineItems.map((l) => l.productId).sort()).toEqual(products.map((p) => p.productId).sort());
  });

  it('refuses to write an ordered cart', async () => {
    // A shop of its own: an ordered cart without its order would break the fuzz run's consistency check.
    const cart = { ...cartAt('ordered-cart-shop', Date.now()), status: 'ordered' as const };
    await insertCart(cart);

    await expect(updateCart(cart, (c) => c)).rejects.toBeInstanceOf(CartOrdered);
  });

  it('treats a cart past its 30-day lifetime as gone before TTL removes it', async () => {
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    const cart = { ...emptyCart(), createdAt: old, updatedAt: old };
    await insertCart(cart);

    expect(await getCart('demo', cart.cartId)).toBeNull();
  });
});
