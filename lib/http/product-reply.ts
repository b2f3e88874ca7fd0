import type { Catalog } from '../domain/catalog/catalog';
import type { ShopProduct } from '../domain/catalog/catalog-types';
import { productEtag } from '../domain/catalog/product-etag';
import { type ProductViewContext, productView } from '../domain/catalog/product-view';
import { availabilityOf, stockLevel } from '../domain/inventory/stock';
import type { Reply } from './types';

/**
 * One product as GET /products/{p} and PATCH /products/{p} answer it: the product view with the
 * stock `units` given (`stocklevel`, `minStocklevel`, `availability`; null when untracked) and its
 * ETag (docs/api-rules.md "ETag and If-Match"). GET gives the live stock the view shows already; PATCH
 * the levels it has just written, which the view (at most 10 s old) may not show yet. The kept view
 * is copied, never changed.
 */
export function productReply(
  catalog: Catalog,
  product: ShopProduct,
  units: number | null,
  ctx: ProductViewContext,
): Reply {
  const stocklevel = units === null ? null : stockLevel(units);
  return {
    status: 200,
    body: {
      ...productView(catalog, product, ctx),
      stocklevel,
      minStocklevel: product.minStocklevel,
      availability: availabilityOf(stocklevel, product.minStocklevel),
    },
    headers: { ETag: productEtag(product, units) },
  };
}
