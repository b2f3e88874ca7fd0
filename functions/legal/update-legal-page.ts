import { isLegalPageId } from '../../lib/domain/legal/legal-pages';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { LegalPagePath, UpdateLegalPageBody, UpdateLegalPageQuery } from '../../lib/schemas/legal';
import { updateLegalPage } from '../../lib/use-cases/legal/update-legal-page';

/**
 * PUT /{shopId}/legal/{page}?locale=.. (legal_write): replaces the page in that locale whole; a
 * field not sent becomes "". The locale is required and must be one of the shop's; an unknown page
 * is 404 (docs/catalog.md "Legal").
 */
export const handler = endpoint(
  routes.updateLegalPage,
  { path: LegalPagePath, query: UpdateLegalPageQuery, body: UpdateLegalPageBody },
  async (req) => {
    const { page } = req.path;
    if (!isLegalPageId(page)) throw new NotFound('Legal page not found');
    const stored = await updateLegalPage({
      shopId: req.shopId,
      page,
      locale: req.query.locale,
      fields: req.body,
    });
    return ok(stored);
  },
);
