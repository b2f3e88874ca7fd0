import { localize, resolveLocale } from '../../lib/domain/catalog';
import { money, parseMoney } from '../../lib/domain/money';
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
      const { defaultCurrency: currency, taxModel } = catalog.settings;
      return ok(
        catalog.shippingMethods.map((method) => {
          const price = method.price?.[currency];
          return {
            shippingMethodId: method.shippingMethodId,
            name: localize(catalog, method.name, locale),
            description: localize(catalog, method.description, locale),
            logo: method.logo,
            price:
              price === undefined
                ? null
                : money(parseMoney(price, currency), currency, locale, taxModel.model),
          };
        }),
      );
    });
  },
);
