import { listProducts } from '../../lib/domain/catalog/product-listing';
import { requireCurrency } from '../../lib/domain/catalog/product-request';
import { productJson } from '../../lib/domain/catalog/product-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { allowInvisible } from '../../lib/http/include-invisible';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { pageOf, ShopPath } from '../../lib/schemas/common';
import { ListProductsQuery } from '../../lib/schemas/products';
import { jsonArray, jsonObject } from '../../lib/speed/json-text';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/**
 * GET /{shopId}/products: a page of the shop's products, sorted by name or price, filtered by query
 * text, category (with its subcategories) or ids (in their order); served from the catalog projection.
 */
export const handler = endpoint(
  routes.listProducts,
  { path: ShopPath, query: ListProductsQuery },
  async (req) => {
    const { query } = req;
    const includeInvisible = allowInvisible(req.principal, query.includeInvisible);
    return answerFromCatalog(req, (catalog) => {
      const currency = requireCurrency(catalog, query.currency);
      const locale = resolveLocale(catalog.settings, query.locale);
      const products = listProducts(catalog, {
        locale,
        currency,
        sort: query.sort,
        direction: query.direction,
        q: query.q,
        categoryId: query.categoryId,
        ids: query.id,
        includeInvisible,
        availability: query.availability,
      });
      const page = pageOf(products, query.page, query.resultsPerPage);
      const ctx = { ...req.view(locale), currency };
      return ok(
        jsonObject({ ...page, items: jsonArray(page.items.map((p) => productJson(catalog, p, ctx))) }),
      );
    });
  },
);
