import { customAttributesView } from '../../lib/domain/catalog/product-custom-attributes';
import { requireProduct } from '../../lib/domain/catalog/product-request';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { allowInvisible } from '../../lib/http/include-invisible';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { GetCustomAttributesQuery, ProductPath } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/** GET /{shopId}/products/{productId}/custom-attributes: `{items}` of the product's custom attributes. */
export const handler = endpoint(
  routes.getCustomAttributes,
  { path: ProductPath, query: GetCustomAttributesQuery },
  async (req) => {
    const includeInvisible = allowInvisible(req.principal, req.query.includeInvisible);
    return answerFromCatalog(req, (catalog) => {
      const product = requireProduct(catalog, req.path.productId, includeInvisible);
      const locale = resolveLocale(catalog.settings, req.query.locale);
      return ok({ items: customAttributesView(catalog, product, locale) });
    });
  },
);
