import { requireCurrency } from '../../lib/domain/catalog/product-request';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { productReply } from '../../lib/http/product-reply';
import * as routes from '../../lib/routes';
import { PatchProductBody, PatchProductQuery, ProductPath } from '../../lib/schemas/products';
import { patchProduct } from '../../lib/use-cases/catalog/patch-product';

/**
 * PATCH /{shopId}/products/{productId}: a JSON Patch on any path of docs/catalog.md "Product writes" (texts
 * in `locale`, prices in `currency`; `/stocklevel` add relative, replace, remove) → 200 with the
 * product as GET returns it, live stock and ETag. A bad operation: 400 naming `[i].path`, `[i].op`
 * or `[i].value`, nothing changed; a taken product number: 409; If-Match other than the current
 * ETag: 412. Works on invisible products and variations too (products_write).
 */
export const handler = endpoint(
  routes.patchProduct,
  { path: ProductPath, query: PatchProductQuery, body: PatchProductBody },
  async (req) => {
    const { catalog, product, units } = await patchProduct({
      shopId: req.shopId,
      productId: req.path.productId,
      operations: req.body,
      ifMatch: req.headers['if-match'],
      ...req.query,
    });
    const currency = requireCurrency(catalog, req.query.currency);
    const locale = resolveLocale(catalog.settings, req.query.locale);
    return productReply(catalog, product, units, { ...req.view(locale), currency });
  },
);
