import { requireCatalog } from '../../lib/data/catalog-repository';
import { updateCatalog } from '../../lib/data/catalog-update';
import { writeLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { UpdateContactInformationBody, UpdateContactInformationQuery } from '../../lib/schemas/legal';

/** The one catalog item holding every locale's contact information (as the import writes it). */
const LEGAL_ITEM_ID = 'contact-information';

/**
 * PUT /{shopId}/legal/contact-information?locale=..: replaces that locale's contact information
 * whole; fields not sent are deleted (stored as ""). The locale is required and must be one of the
 * shop's (contract). The other locales are kept: read-modify-write with the catalog version.
 */
export const handler = endpoint(
  routes.updateContactInformation,
  { path: ShopPath, query: UpdateContactInformationQuery, body: UpdateContactInformationBody },
  async (req) => {
    const target = writeLocale((await requireCatalog(req.shopId)).settings, req.query.locale);
    if ('problem' in target)
      throw new BadRequest('Invalid request', [{ field: 'locale', message: target.problem }]);
    const info = req.body;
    await updateCatalog(req.shopId, (catalog) => ({
      puts: [{ kind: 'legal', id: LEGAL_ITEM_ID, data: { ...catalog.legal, [target.locale]: info } }],
      result: undefined,
    }));
    return ok(info);
  },
);
