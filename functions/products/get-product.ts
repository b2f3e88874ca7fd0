import { requireCurrency, requireProduct } from '../../lib/domain/product-request';
import { productView } from '../../lib/domain/product-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { allowInvisible } from '../../lib/http/include-invisible';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { GetProductQuery, ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/** GET /{shopId}/products/{productId}: one product (variations too); unknown or invisible: 404. */
export const handler = endpoint(
  routes.getProduct,
  { path: ProductPath, query: GetProductQuery },
  async (req) => {
    const includeInvisible = allowInvisible(req.principal, req.query.includeInvisible);
    return answerFromCatalog(req, (catalog) => {
      const currency = requireCurrency(catalog, req.query.currency);
      const product = requireProduct(catalog, req.path.productId, includeInvisible);
      const locale = resolveLocale(catalog.settings, req.query.locale);
      return ok(productView(catalog, product, { ...req.view(locale), currency }));
    });
  },
);
