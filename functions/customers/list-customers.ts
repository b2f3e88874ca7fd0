import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { listCustomers } from '../../lib/data/customers/customer-repository';
import { customerView } from '../../lib/domain/customers/customer-view';
import { endpoint } from '../../lib/http/endpoint';
import { listBody, requireWantedPage } from '../../lib/http/list-reply';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { ListCustomersQuery } from '../../lib/schemas/customers';

/** GET /{shopId}/customers: the paged envelope of the shop's customers, newest first. */
export const handler = endpoint(
  routes.listCustomers,
  { path: ShopPath, query: ListCustomersQuery },
  async (req) => {
    const wanted = requireWantedPage(req.query);
    const [catalog, found] = await Promise.all([
      requireCatalog(req.shopId),
      listCustomers(req.shopId, wanted),
    ]);
    const ctx = req.view(catalog.settings.defaultLocale);
    return ok(listBody(req, 'customers', wanted, found, (c) => customerView(c, ctx)));
  },
);
