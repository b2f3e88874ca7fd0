import { lowestPrice } from '../../lib/domain/catalog/product-lowest-price';
import { requireCurrency, requireProduct } from '../../lib/domain/catalog/product-request';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { GetLowestPriceQuery, ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/products/{productId}/lowest-price (products_read): the lowest price a shopper can
 * buy one of the master's variations for now, with a link to it; 404 without one.
 */
export const handler = endpoint(
  routes.getLowestPrice,
  { path: ProductPath, query: GetLowestPriceQuery },
  async (req) =>
    answerFromCatalog(req, (catalog) => {
      const master = requireProduct(catalog, req.path.productId, false);
      const currency = requireCurrency(catalog, req.query.currency);
      const locale = resolveLocale(catalog.settings, req.query.locale);
      return ok(lowestPrice(catalog, master, currency, req.view(locale)));
    }),
);
