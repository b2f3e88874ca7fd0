import { resolveLocale } from '../../lib/domain/catalog';
import { shippingMethodView } from '../../lib/domain/shipping-method-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import { answerFromCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ListShippingMethodsQuery } from '../../lib/schemas/products';

/**
 * GET /{shopId}/shipping-methods: a bare array (contract "Lists and paging"); `price` is null for
 * methods priced per cart.
 */
export const handler = endpoint(
  routes.listShippingMethods,
  { path: ShopPath, query: ListShippingMethodsQuery },
  async (req) => {
    return answerFromCatalog(req, (catalog) => {
      const locale = resolveLocale(catalog, req.query.locale);
      return ok(catalog.shippingMethods.map((method) => shippingMethodView(catalog, method, locale)));
    });
  },
);
