import { resolveLocale } from '../../lib/domain/catalog';
import { listProducts } from '../../lib/domain/product-listing';
import { productView } from '../../lib/domain/product-view';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { pageOf, ShopPath } from '../../lib/schemas/common';
import { ListProductsQuery } from '../../lib/schemas/products';

/** GET /{shopId}/products: a page of the shop's products, sorted by name or price. */
export const handler = endpoint(
  routes.listProducts,
  { path: ShopPath, query: ListProductsQuery },
  async (req) => {
    const catalog = await requireCatalog(req.shopId);
    const { query } = req;
    const currency = query.currency ?? catalog.settings.defaultCurrency;
    if (!catalog.settings.currencies.includes(currency)) {
      throw new BadRequest('Invalid request', [
        { field: 'currency', message: `Shop does not sell in ${currency}` },
      ]);
    }
    const locale = resolveLocale(catalog, query.locale);
    const products = listProducts(catalog, {
      locale,
      currency,
      sort: query.sort,
      direction: query.direction,
    });
    const page = pageOf(products, query.page, query.resultsPerPage);
    const ctx = { ...req.view(locale), currency };
    return ok({ ...page, items: page.items.map((p) => productView(catalog, p, ctx)) });
  },
);
