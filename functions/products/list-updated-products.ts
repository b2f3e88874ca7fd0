import { stockUpdatedSince } from '../../lib/data/inventory/stock-updates';
import { requireCurrency } from '../../lib/domain/catalog/product-request';
import { productsWrittenAfter, type WrittenProducts } from '../../lib/domain/catalog/product-updates';
import { productView } from '../../lib/domain/catalog/product-view';
import { resolveLocale } from '../../lib/domain/shop-locale';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { pageOf } from '../../lib/schemas/common';
import { UpdatedProductsPath, UpdatedProductsQuery } from '../../lib/schemas/products';
import { answerFromCatalog } from '../../lib/speed/speculative-catalog-answer';

/** The default window: the last 7 days (docs/inventory.md "Updated products"). */
const DEFAULT_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * GET /{shopId}/products/updated/{stocklevel|attributes}: the products whose stock (or anything but
 * stock) changed after `changedAfter`, each once at its latest change, oldest first, as
 * `{item, lastUpdated}` (a poller resumes from the last `lastUpdated` it saw). Deleted products are
 * not listed. Stock changes come from the stock change feed (lib/data/inventory/stock-updates.ts);
 * other writes from the catalog itself, which holds each product's latest write time
 * (lib/domain/catalog/product-updates.ts): a page of those reads nothing beyond the catalog.
 */
export const handler = endpoint(
  routes.listUpdatedProducts,
  { path: UpdatedProductsPath, query: UpdatedProductsQuery },
  async (req) => {
    const { query } = req;
    const changedAfter = query.changedAfter ?? new Date(Date.now() - DEFAULT_WINDOW_MS).toISOString();
    const stock =
      req.path.property === 'stocklevel' ? await stockUpdatedSince(req.path.shopId, changedAfter) : undefined;
    return answerFromCatalog(req, (catalog) => {
      const currency = requireCurrency(catalog, query.currency);
      const locale = resolveLocale(catalog.settings, query.locale);
      const ctx = { ...req.view(locale), currency };
      const listed: WrittenProducts = stock
        ? stock.flatMap((u) => {
            const product = catalog.products.get(u.productId);
            return product ? [{ product, lastUpdated: u.lastUpdated }] : [];
          })
        : productsWrittenAfter(catalog, changedAfter);
      const page = pageOf(listed, query.page, query.resultsPerPage);
      return ok({
        ...page,
        items: page.items.map((u) => ({
          item: productView(catalog, u.product, ctx),
          lastUpdated: u.lastUpdated,
        })),
      });
    });
  },
);
