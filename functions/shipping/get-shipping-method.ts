import { requireCurrency } from '../../lib/domain/catalog/product-request';
import { shippingMethodView } from '../../lib/domain/shipping-method-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { GetShippingMethodQuery, ShippingMethodPath } from '../../lib/schemas/shipping';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/shipping-methods/{shippingMethodId}: one shipping method, shaped as an element of
 * GET /shipping-methods (the target of the carts' and orders' `shipping-method` link); unknown: 404.
 */
export const handler = endpoint(
  routes.getShippingMethod,
  { path: ShippingMethodPath, query: GetShippingMethodQuery },
  async (req) => {
    return answerFromCatalog(req, (catalog) => {
      const method = catalog.shippingMethods.find((m) => m.shippingMethodId === req.path.shippingMethodId);
      if (!method) throw new NotFound('Shipping method not found');
      const locale = resolveLocale(catalog.settings, req.query.locale);
      return ok(shippingMethodView(catalog, method, locale, requireCurrency(catalog, req.query.currency)));
    });
  },
);
