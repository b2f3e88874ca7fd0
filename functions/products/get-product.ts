import { requireCurrency, requireProduct } from '../../lib/domain/catalog/product-request';
import { shownUnits } from '../../lib/domain/inventory/live-stock';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { showInvisibleProduct } from '../../lib/http/include-invisible';
import { productReply } from '../../lib/http/product-reply';
import * as routes from '../../lib/routes';
import { GetProductQuery, ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/products/{productId}: one product (variations too); unknown: 404, invisible: 404 unless
 * the token has products_write (lib/http/include-invisible.ts). With
 * its ETag and live stock, both from the stock the catalog carries (lib/data/inventory/stock-view.ts).
 */
export const handler = endpoint(
  routes.getProduct,
  { path: ProductPath, query: GetProductQuery },
  async (req) => {
    const includeInvisible = showInvisibleProduct(req.principal, req.query.includeInvisible);
    const found = await answerFromCatalog(req, (catalog) => {
      const currency = requireCurrency(catalog, req.query.currency);
      const product = requireProduct(catalog, req.path.productId, includeInvisible);
      const locale = resolveLocale(catalog.settings, req.query.locale);
      return { catalog, product, ctx: { ...req.view(locale), currency } };
    });
    // The live stock the catalog carries (at most 10 s old, no read of its own) also makes the ETag.
    const units = shownUnits(found.product, found.catalog.stock);
    return productReply(found.catalog, found.product, units, found.ctx);
  },
);
