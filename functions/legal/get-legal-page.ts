import { isLegalPageId, legalLocale, legalPageView } from '../../lib/domain/legal/legal-pages';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { GetLegalQuery, LegalPagePath } from '../../lib/schemas/legal';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/legal/{page} (any token): the page in the locale, every field a string ("" when
 * the merchant has not written it); an unknown page is 404 (docs/catalog.md "Legal").
 */
export const handler = endpoint(
  routes.getLegalPage,
  { path: LegalPagePath, query: GetLegalQuery },
  async (req) => {
    const { page } = req.path;
    if (!isLegalPageId(page)) throw new NotFound('Legal page not found');
    return answerFromCatalog(req, (catalog) =>
      ok(legalPageView(catalog, page, legalLocale(catalog, req.query.locale))),
    );
  },
);
