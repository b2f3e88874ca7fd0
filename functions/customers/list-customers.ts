import { listCustomers } from '../../lib/data/customer-repository';
import { customerView } from '../../lib/domain/customer-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import { requireCatalog } from '../../lib/http/shop';
import { routes } from '../../lib/routes';
import { pageOf, ShopPath } from '../../lib/schemas/common';
import { ListCustomersQuery } from '../../lib/schemas/customers';

/** GET /{shopId}/customers: the paged envelope of the shop's customers, newest first. */
export const handler = endpoint(
  routes.listCustomers,
  { path: ShopPath, query: ListCustomersQuery },
  async (req) => {
    const catalog = await requireCatalog(req.shopId);
    const page = pageOf(await listCustomers(req.shopId), req.query.page, req.query.resultsPerPage);
    const ctx = req.view(catalog.settings.defaultLocale);
    return ok({ ...page, items: page.items.map((c) => customerView(c, ctx)) });
  },
);
