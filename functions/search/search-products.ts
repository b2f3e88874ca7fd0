import { projectionOf } from '../../lib/domain/catalog/catalog-projection';
import { requireCurrency } from '../../lib/domain/catalog/product-request';
import { productJson } from '../../lib/domain/catalog/product-view';
import { parseFilters } from '../../lib/domain/search/filters';
import { searchProducts } from '../../lib/domain/search/search';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { pageOf, ShopPath } from '../../lib/schemas/common';
import { SearchProductsBody, SearchProductsQuery } from '../../lib/schemas/products';
import { jsonArray, jsonObject } from '../../lib/speed/json-text';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * POST /{shopId}/search/products: faceted product search (docs/catalog.md "Search and facets"): the page
 * of hits, the query, the fallback query used when the query found nothing, and the facets.
 */
export const handler = endpoint(
  routes.searchProducts,
  { path: ShopPath, query: SearchProductsQuery, body: SearchProductsBody },
  (req) =>
    answerFromCatalog(req, (catalog) => {
      const { query, body } = req;
      const currency = requireCurrency(catalog, query.currency);
      const locale = resolveLocale(catalog.settings, query.locale);
      const { filters, errors } = parseFilters(projectionOf(catalog), body.attributeFilters, currency);
      if (errors.length > 0) throw new BadRequest('Invalid request', errors);
      const outcome = searchProducts(catalog, {
        query: body.query,
        sortBy: body.sortBy,
        filters,
        locale,
        currency,
      });
      const page = pageOf(outcome.products, query.page, query.resultsPerPage);
      const ctx = { ...req.view(locale), currency };
      return ok(
        jsonObject({
          ...page,
          items: jsonArray(page.items.map((p) => productJson(catalog, p, ctx))),
          query: body.query,
          fallbackQuery: outcome.fallbackQuery,
          facets: outcome.facets,
        }),
      );
    }),
);
