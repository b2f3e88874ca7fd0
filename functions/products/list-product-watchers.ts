import { listedWatcherView } from '../../lib/domain/inventory/watchers';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ProductPath } from '../../lib/schemas/products';
import { ListProductWatchersQuery } from '../../lib/schemas/watchers';
import { listProductWatchers } from '../../lib/use-cases/inventory/list-product-watchers';

/**
 * GET /{shopId}/products/{productId}/watchers (products_write): the addresses of the product's last
 * clearing, kept 7 days, or of those waiting now before any (docs/inventory.md "Who watched");
 * paged, oldest first; 404 for an unknown product.
 */
export const handler = endpoint(
  routes.listProductWatchers,
  { path: ProductPath, query: ListProductWatchersQuery },
  async (req) => {
    const { page, resultsPerPage } = req.query;
    const found = await listProductWatchers({
      shopId: req.shopId,
      productId: req.path.productId,
      page,
      perPage: resultsPerPage,
    });
    return ok({ results: found.results, page, resultsPerPage, items: found.items.map(listedWatcherView) });
  },
);
