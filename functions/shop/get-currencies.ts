import { currenciesView } from '../../lib/domain/shop-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/** GET /{shopId}/currencies: `{"default": "EUR", "items": ["EUR"]}`; any valid token of the shop. */
export const handler = endpoint(routes.getCurrencies, { path: ShopPath }, (req) =>
  answerFromCatalog(req, (catalog) => ok(currenciesView(catalog))),
);
