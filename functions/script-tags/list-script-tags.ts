import { scriptTagView } from '../../lib/domain/storefront/script-tags';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/** GET /{shopId}/script-tags (scripttags_read): every script tag, oldest first, unpaged. */
export const handler = endpoint(routes.listScriptTags, { path: ShopPath }, async (req) =>
  answerFromCatalog(req, (catalog) => {
    const ctx = req.view(catalog.settings.defaultLocale);
    return ok({ items: catalog.scriptTags.map((tag) => scriptTagView(tag, ctx)) });
  }),
);
