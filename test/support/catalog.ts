import type { Catalog } from '../../lib/domain/catalog/catalog';
import type { ShopFile } from '../../lib/schemas/shop-file';

/** A Catalog straight from a shop file (no table): what loadCatalog would build for it. */
export function catalogOf(file: ShopFile, version = 1): Catalog {
  return {
    shopId: 'bench',
    version,
    settings: file.settings,
    taxClasses: new Map(file.taxClasses.map((t) => [t.taxClassId, t])),
    shippingMethods: file.shippingMethods,
    couponCampaigns: new Map(),
    couponCodes: new Map(),
    basketDiscounts: [],
    attributeDefinitions: new Map(file.attributeDefinitions.map((a) => [a.key, a])),
    productTypes: new Map(file.productTypes.map((t) => [t.productTypeId, t])),
    categories: new Map(file.categories.map((c) => [c.categoryId, c])),
    products: new Map(file.products.map((p) => [p.productId, p])),
    legal: file.legal.contactInformation,
    legalPages: new Map(Object.entries(file.legal.pages ?? {})),
    scriptTags: file.scriptTags ?? [],
  };
}
