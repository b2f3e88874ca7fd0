import { resolveLocale } from '../../lib/domain/shop-locale';
import { taxClassResource } from '../../lib/domain/tax-view';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { GetTaxClassQuery, TaxClassPath } from '../../lib/schemas/tax';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/** GET /{shopId}/tax-classes/{taxClassId}: one TaxClass; unknown: 404. */
export const handler = endpoint(
  routes.getTaxClass,
  { path: TaxClassPath, query: GetTaxClassQuery },
  async (req) => {
    return answerFromCatalog(req, (catalog) => {
      const taxClass = catalog.taxClasses.get(req.path.taxClassId);
      if (!taxClass) throw new NotFound('Tax class not found');
      return ok(taxClassResource(catalog, taxClass, resolveLocale(catalog.settings, req.query.locale)));
    });
  },
);
