import { readFileSync } from 'node:fs';
import type { Catalog } from '../../../lib/domain/catalog/catalog';
import { codeKey } from '../../../lib/domain/coupons/coupon-campaign';
import { campaignsOfFileCoupons } from '../../../lib/domain/coupons/file-coupons';
import { ShopFile, type ShopProduct } from '../../../lib/schemas/shop-file';

/**
 * The demo seed (infra/local/seed/demo.json) as an in-memory Catalog, built like
 * lib/data/catalog/catalog-repository.ts builds it, but without a database.
 */
export function demoCatalog(): Catalog {
  const file = new URL('../../../infra/local/seed/demo.json', import.meta.url);
  const shop = ShopFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  return {
    shopId: 'demo',
    version: 1,
    settings: shop.settings,
    taxClasses: new Map(shop.taxClasses.map((t) => [t.taxClassId, t])),
    shippingMethods: shop.shippingMethods,
    ...fileCoupons(shop),
    basketDiscounts: shop.basketDiscounts,
    attributeDefinitions: new Map(shop.attributeDefinitions.map((a) => [a.key, a])),
    productTypes: new Map(shop.productTypes.map((t) => [t.productTypeId, t])),
    categories: new Map(shop.categories.map((c) => [c.categoryId, c])),
    products: new Map(shop.products.map((p) => [p.productId, p])),
    legal: shop.legal.contactInformation,
    legalPages: new Map(Object.entries(shop.legal.pages ?? {})),
    scriptTags: shop.scriptTags ?? [],
  };
}

/** The file's coupons as the import stores them: campaigns with one code each. */
function fileCoupons(shop: ShopFile): Pick<Catalog, 'couponCampaigns' | 'couponCodes'> {
  const { campaigns, codes } = campaignsOfFileCoupons(
    shop.coupons,
    shop.settings.defaultCurrency,
    '2025-01-01T00:00:00.000Z',
  );
  return {
    couponCampaigns: new Map(campaigns.map((c) => [c.campaignId, c])),
    couponCodes: new Map(codes.map((c) => [codeKey(c.code), c])),
  };
}

/** A product of the catalog; throws when the seed lacks it (so a renamed fixture fails loudly). */
export function productOf(catalog: Catalog, productId: string): ShopProduct {
  const product = catalog.products.get(productId);
  if (!product) throw new Error(`demo seed has no product ${productId}`);
  return product;
}

/** A copy of a catalog with one product replaced or added. */
export function withProduct(catalog: Catalog, product: ShopProduct): Catalog {
  const products = new Map(catalog.products);
  products.set(product.productId, product);
  return { ...catalog, products };
}
