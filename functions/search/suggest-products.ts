import { suggestionView, suggestProducts } from '../../lib/domain/search/suggest';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { SuggestProductsQuery } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/search/product-suggest (products_read): products for a storefront's search box,
 * from the in-memory catalog (docs/catalog.md "Product suggest").
 */
export const handler = endpoint(
  routes.suggestProducts,
  { path: ShopPath, query: SuggestProductsQuery },
  (req) =>
    answerFromCatalog(req, (catalog) => {
      const locale = resolveLocale(catalog.settings, req.query.locale);
      const ctx = req.view(locale);
      const found = suggestProducts(catalog, req.query.query, req.query.limit, locale);
      return ok({ products: found.map((product) => suggestionView(catalog, product, ctx)) });
    }),
);
