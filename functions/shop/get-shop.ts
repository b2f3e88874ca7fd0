import { shopView } from '../../lib/domain/shop-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}: the shop's name, logo, storefront URL, locales, currencies and tax model, with
 * links to what a storefront reads next; any valid token of the shop. Unknown shop: 404.
 */
export const handler = endpoint(routes.getShop, { path: ShopPath }, (req) =>
  answerFromCatalog(req, (catalog) => ok(shopView(catalog, req.view(catalog.settings.defaultLocale)))),
);
