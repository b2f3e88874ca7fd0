import { resolveLocale } from '../../lib/domain/shop-locale';
import { taxClassResource } from '../../lib/domain/tax-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { pageOf, ShopPath } from '../../lib/schemas/common';
import { ListTaxClassesQuery } from '../../lib/schemas/tax';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/tax-classes: the paged envelope of TaxClass plus `defaultTaxClass`, the class of
 * products and charges that name none (docs/catalog.md "Product types and tax").
 */
export const handler = endpoint(
  routes.listTaxClasses,
  { path: ShopPath, query: ListTaxClassesQuery },
  async (req) => {
    return answerFromCatalog(req, (catalog) => {
      const locale = resolveLocale(catalog.settings, req.query.locale);
      const page = pageOf([...catalog.taxClasses.values()], req.query.page, req.query.resultsPerPage);
      const fallback = catalog.taxClasses.get(catalog.settings.defaultTaxClassId);
      return ok({
        ...page,
        items: page.items.map((t) => taxClassResource(catalog, t, locale)),
        defaultTaxClass: fallback ? taxClassResource(catalog, fallback, locale) : null,
      });
    });
  },
);
