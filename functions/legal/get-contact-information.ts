import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { GetContactInformationQuery } from '../../lib/schemas/legal';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/legal/contact-information: the contact information in the requested locale, else
 * in the shop's default locale; 404 when the shop has none at all.
 */
export const handler = endpoint(
  routes.getContactInformation,
  { path: ShopPath, query: GetContactInformationQuery },
  async (req) => {
    return answerFromCatalog(req, (catalog) => {
      const locale = resolveLocale(catalog.settings, req.query.locale);
      const info =
        catalog.legal[locale] ??
        catalog.legal[catalog.settings.defaultLocale] ??
        Object.values(catalog.legal)[0];
      if (!info) throw new NotFound('Contact information not found');
      return ok(info);
    });
  },
);
