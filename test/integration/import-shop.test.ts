import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { catalogVersion, loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { importShop } from '../../lib/data/import-shop';
import { useLocalTable } from '../support/local-env';

beforeAll(() => useLocalTable());

describe('importShop', () => {
  it('is idempotent, removes what a later file drops and bumps the catalog version', async () => {
    // Prepare
    const shopId = `import-${Date.now()}`;
    const file = await readShopFile('infra/local/seed/other.json');
    const progress: number[] = [];

    // Act
    const first = await importShop(shopId, file, (written) => progress.push(written));
    const versionAfterFirst = await catalogVersion(shopId);
    const again = await importShop(shopId, file);
    const dropped = await importShop(shopId, { ...file, products: file.products.slice(1) });

    // Assess
    expect(first.deleted).toBe(0);
    expect(progress.at(-1)).toBe(first.items);
    expect(again).toEqual(first);
    // The dropped product was tracked: its catalog item and its stock shard are gone.
    expect(dropped).toEqual({ items: first.items - 2, deleted: 1 });
    expect(await catalogVersion(shopId)).toBe((versionAfterFirst ?? 0) + 2);
    const catalog = await loadCatalog(shopId);
    expect([...(catalog?.products.keys() ?? [])]).toEqual(file.products.slice(1).map((p) => p.productId));
    expect(catalog?.shippingMethods.map((m) => m.shippingMethodId)).toEqual(
      file.shippingMethods.map((m) => m.shippingMethodId),
    );
  });
});
