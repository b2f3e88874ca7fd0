import { resolveLocale } from '../../lib/domain/shop-locale';
import { taxModelResource } from '../../lib/domain/tax-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { GetTaxModelQuery } from '../../lib/schemas/tax';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/tax-model: `{model, displayTaxes, noTaxesMessage, deliveryThresholdIsActive,
 * countryCode2}` (docs/catalog.md "Product types and tax"); noTaxesMessage in the requested locale.
 */
export const handler = endpoint(routes.getTaxModel, { path: ShopPath, query: GetTaxModelQuery }, (req) =>
  answerFromCatalog(req, (catalog) =>
    ok(taxModelResource(catalog, resolveLocale(catalog.settings, req.query.locale))),
  ),
);
