import { legalLocale, legalView } from '../../lib/domain/legal/legal-pages';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { GetLegalQuery } from '../../lib/schemas/legal';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/legal (any token: a storefront shows these): each legal page's name in the locale
 * and a link to each (docs/catalog.md "Legal").
 */
export const handler = endpoint(routes.getLegal, { path: ShopPath, query: GetLegalQuery }, async (req) =>
  answerFromCatalog(req, (catalog) => {
    const locale = legalLocale(catalog, req.query.locale);
    return ok(legalView(catalog, locale, req.view(locale)));
  }),
);
