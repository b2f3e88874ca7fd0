import { crossSellingView } from '../../lib/domain/catalog/product-cross-selling';
import { requireCurrency, requireProduct } from '../../lib/domain/catalog/product-request';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { allowInvisible } from '../../lib/http/include-invisible';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { GetCrossSellingQuery, ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/** GET /{shopId}/products/{productId}/crossselling: the product's cross-selling title and products. */
export const handler = endpoint(
  routes.getCrossSelling,
  { path: ProductPath, query: GetCrossSellingQuery },
  async (req) => {
    const includeInvisible = allowInvisible(req.principal, req.query.includeInvisible);
    return answerFromCatalog(req, (catalog) => {
      const currency = requireCurrency(catalog, req.query.currency);
      const product = requireProduct(catalog, req.path.productId, includeInvisible);
      const locale = resolveLocale(catalog.settings, req.query.locale);
      return ok(crossSellingView(catalog, product, { ...req.view(locale), currency }, includeInvisible));
    });
  },
);
