import { requireCurrency } from '../../lib/domain/catalog/product-request';
import { shippingMethodView } from '../../lib/domain/shipping-method-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ListShippingMethodsQuery } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/shipping-methods: a bare array (docs/api-rules.md "Lists and paging"); `price` is null for
 * methods priced per cart (or without a price in `currency`, default the shop's).
 */
export const handler = endpoint(
  routes.listShippingMethods,
  { path: ShopPath, query: ListShippingMethodsQuery },
  async (req) => {
    return answerFromCatalog(req, (catalog) => {
      const locale = resolveLocale(catalog.settings, req.query.locale);
      const currency = requireCurrency(catalog, req.query.currency);
      return ok(
        catalog.shippingMethods.map((method) => shippingMethodView(catalog, method, locale, currency)),
      );
    });
  },
);
