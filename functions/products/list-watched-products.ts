import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { watchedProducts } from '../../lib/data/inventory/watchers';
import { watchedProductView } from '../../lib/domain/inventory/watchers';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ListWatchedProductsQuery } from '../../lib/schemas/watchers';

/**
 * GET /{shopId}/watched-products: sold-out products with watchers, longest-watched first
 * (docs/inventory.md "Watchers"); reads the page, the shop's count and the catalog, never more.
 */
export const handler = endpoint(
  routes.listWatchedProducts,
  { path: ShopPath, query: ListWatchedProductsQuery },
  async (req) => {
    const { page, resultsPerPage } = req.query;
    const [catalog, found] = await Promise.all([
      requireCatalog(req.shopId),
      watchedProducts(req.shopId, page, resultsPerPage),
    ]);
    const ctx = req.view(resolveLocale(catalog.settings, req.query.locale));
    return ok({
      results: found.results,
      page,
      resultsPerPage,
      items: found.items.map((watched) => watchedProductView(catalog, watched, ctx)),
    });
  },
);
