import { link } from '../links';
import { type Catalog, localize } from './catalog';
import type { ShopProduct } from './catalog-types';
import { type ProductViewContext, productView } from './product-view';

/** At most this many cross-selling products are shown (one page; the spec gives the resource no paging). */
export const MAX_CROSS_SELLING = 100;

/**
 * The cross-selling of a product (docs/catalog.md "Product detail, variations, cross-selling"): its title and the products it points to (unknown ones
 * dropped, invisible ones unless asked for), each with a reduced Product field set, in one page.
 */
export function crossSellingView(
  catalog: Catalog,
  product: ShopProduct,
  ctx: ProductViewContext,
  includeInvisible: boolean,
) {
  const items = product.crossSellingProductIds
    .flatMap((id) => {
      const target = catalog.products.get(id);
      return target && (target.visible || includeInvisible) ? [target] : [];
    })
    .slice(0, MAX_CROSS_SELLING)
    .map((target) => reducedProduct(catalog, target, ctx));
  return {
    manualCrossSellingTitle: localize(catalog, product.crossSellingTitle, ctx.locale) ?? '',
    embedded: { results: items.length, page: 1, resultsPerPage: MAX_CROSS_SELLING, items },
    links: [
      link(ctx, 'self', 'products', product.productId, 'crossselling'),
      link(ctx, 'product', 'products', product.productId),
    ],
  };
}

/** What a cross-selling teaser needs: identity, texts, availability, images, price and links. */
function reducedProduct(catalog: Catalog, product: ShopProduct, ctx: ProductViewContext) {
  const full = productView(catalog, product, ctx);
  return {
    productId: full.productId,
    name: full.name,
    title: full.title,
    productNumber: full.productNumber,
    productImage: full.productImage,
    sfUrl: full.sfUrl,
    manufacturer: full.manufacturer,
    visible: full.visible,
    forSale: full.forSale,
    specialOffer: full.specialOffer,
    isNew: full.isNew,
    productVariationType: full.productVariationType,
    shortDescription: full.shortDescription,
    availability: full.availability,
    availabilityText: full.availabilityText,
    deliveryPeriod: full.deliveryPeriod,
    // spec: searchKeywords and shippingMethodsRestrictedTo are nullable in cross-selling; not sent here.
    searchKeywords: null,
    shippingMethodsRestrictedTo: null,
    images: full.images,
    priceInfo: full.priceInfo,
    links: full.links,
  };
}
