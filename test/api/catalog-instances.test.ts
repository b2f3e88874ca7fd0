import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { type LocalServer, startLocalServer } from '../../infra/local/server';
import { forgetCatalogs } from '../../lib/data/catalog/catalog-repository';
import { dynamo } from '../../lib/data/client';
import { keys } from '../../lib/data/keys';
import { routeList } from '../../lib/routes';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { type ApiResponse, type CallOptions, call } from '../support/api';
import { privateDemoShop } from '../support/shops';

/**
 * Two function instances of one shop: the run's API server (instance A) and a server in this test
 * process (instance B, with its own in-memory catalog). Every catalog read answers the same on both,
 * a cold instance never reads the whole catalog partition, and a write through A is in B's very next
 * answer (B refreshes from the change log).
 */
let shop: string;
let file: ShopFile;
let instanceB: LocalServer;
const partitionReads: string[] = [];

beforeAll(async () => {
  shop = await privateDemoShop('catalog-instances');
  file = await readShopFile('infra/local/seed/demo.json');
  instanceB = await startLocalServer({ port: 0 });
  // The guard: any Scan, or a Query of this shop's catalog partition, made by instance B.
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const values = (args.input as { ExpressionAttributeValues?: Record<string, unknown> })
        .ExpressionAttributeValues;
      if (
        context.commandName === 'ScanCommand' ||
        (context.commandName === 'QueryCommand' && values?.[':pk'] === keys.catalogPartition(shop))
      )
        partitionReads.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'wholeCatalogPartitionGuard' },
  );
});

afterAll(async () => {
  dynamo().middlewareStack.remove('wholeCatalogPartitionGuard');
  await instanceB.close();
});

/** A call to instance B. */
const callB = (path: string, options: CallOptions = {}) => call(path, { ...options, baseUrl: instanceB.url });

/** The paths of every catalog read route, filled with ids of the demo shop. */
function catalogReadPaths(): { path: string; options?: CallOptions }[] {
  const master = file.products.find((p) => p.variationAttributeKeys.length > 0);
  const ids: Record<string, string> = {
    shopId: shop,
    productId: master?.productId ?? file.products[0]?.productId ?? '',
    categoryId: file.categories[1]?.categoryId ?? '',
    productTypeId: file.productTypes[0]?.productTypeId ?? '',
    taxClassId: file.taxClasses[0]?.taxClassId ?? '',
    shippingMethodId: file.shippingMethods[0]?.shippingMethodId ?? '',
    property: 'stocklevel',
    page: 'privacy-policy',
  };
  // Routes that need a query to answer 200.
  const queries: Record<string, string> = { suggestProducts: '?query=t' };
  // The export answers a presigned URL signed per request, not catalog data (product-export.test.ts).
  return routeList
    .filter((route) => route.catalogRead && route.name !== 'exportProducts')
    .map((route) => ({
      path:
        route.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? name) +
        (queries[route.name] ?? ''),
      ...(route.method === 'POST' ? { options: { method: 'POST', body: { query: '' } } } : {}),
    }));
}

describe('catalog reads on two instances', () => {
  it('answer the same on a cold instance, without reading the whole catalog partition', async () => {
    // Prepare
    forgetCatalogs();
    partitionReads.length = 0;

    // Act + Assess
    for (const { path, options } of catalogReadPaths()) {
      const onB = await callB(path, options);
      const onA = await call(path, options);
      expect(onB.status, path).toBe(200);
      expect(normalized(onB.body), path).toEqual(normalized(onA.body));
    }
    expect(partitionReads).toEqual([]);
  });

  it('see a write through the other instance in their very next answer', async () => {
    // Prepare: B holds the catalog
    const master = file.products.find((p) => p.variationAttributeKeys.length > 0)?.productId as string;
    const search = () =>
      callB(`/${shop}/search/products?resultsPerPage=100`, {
        method: 'POST',
        body: { attributeFilters: [{ fieldName: 'PreDefString_en_Material', attributeValue: 'titanium' }] },
      });
    const before = await search();
    const category = file.categories[1]?.categoryId as string;

    // Act: writes through A (a product, an assignment, a new category, the legal text)
    const patched = await call(`/${shop}/products/${master}/custom-attributes`, {
      method: 'PATCH',
      contentType: 'application/json-patch+json',
      body: [{ op: 'add', path: '/', value: { key: 'Material', displayValue: 'titanium' } }],
    });
    const afterPatch = await search();
    const assigned = await call(`/${shop}/product-category-assignments`, {
      method: 'POST',
      body: { categoryId: [category], productId: ['trail-mix'] },
    });
    const inCategory = await callB(`/${shop}/products?categoryId=${category}&resultsPerPage=100`);
    const created = await call(`/${shop}/categories/${category}`, {
      method: 'POST',
      body: { name: 'Two Instances' },
    });
    const sequence = await callB(`/${shop}/categories/${category}/sequence`);

    // Assess
    expect(patched.status).toBe(200);
    const ids = (r: ApiResponse) => r.body.items.map((p: { productId: string }) => p.productId);
    expect(ids(before)).not.toContain(master);
    expect(ids(afterPatch)).toContain(master);
    expect(assigned.status).toBeLessThan(300);
    expect(ids(inCategory)).toContain('trail-mix');
    expect(created.status).toBe(201);
    expect(sequence.body).toContain('two-instances');
    expect(partitionReads).toEqual([]);
  });
});

/** Bodies compared without the origin of the server that answered. */
function normalized(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body ?? null).replace(/http:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN'));
}
