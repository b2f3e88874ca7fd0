import { requireProduct } from '../../lib/domain/catalog/product-request';
import { variationList } from '../../lib/domain/catalog/product-variations';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ListVariationsQuery, ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/products/{productId}/variations: the spec's variation list of a master (visible
 * variations only, 100 per page, at most 1000); a product that is no master: an empty list.
 */
export const handler = endpoint(
  routes.listVariations,
  { path: ProductPath, query: ListVariationsQuery },
  async (req) => {
    return answerFromCatalog(req, (catalog) => {
      const product = requireProduct(catalog, req.path.productId, false);
      const locale = resolveLocale(catalog.settings, req.query.locale);
      return ok(variationList(catalog, product, req.view(locale), req.query));
    });
  },
);
