import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { UpdateContactInformationBody, UpdateContactInformationQuery } from '../../lib/schemas/legal';
import { updateContactInformation } from '../../lib/use-cases/legal/update-contact-information';

/**
 * PUT /{shopId}/legal/contact-information?locale=..: replaces that locale's contact information
 * whole; fields not sent are deleted (stored as ""). The locale is required and must be one of the
 * shop's (docs/catalog.md "Legal"). The other locales are kept: read-modify-write with the catalog version.
 */
export const handler = endpoint(
  routes.updateContactInformation,
  { path: ShopPath, query: UpdateContactInformationQuery, body: UpdateContactInformationBody },
  async (req) => {
    const info = await updateContactInformation({
      shopId: req.shopId,
      locale: req.query.locale,
      info: req.body,
    });
    return ok(info);
  },
);
