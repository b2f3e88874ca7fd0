import { requireCatalog } from '../../lib/data/catalog/catalog-repository';
import { getCustomer } from '../../lib/data/customers/customer-repository';
import { customerView } from '../../lib/domain/customers/customer-view';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CustomerPath } from '../../lib/schemas/customers';

/** GET /{shopId}/customers/{customerId}: one customer; unknown: 404. */
export const handler = endpoint(routes.getCustomer, { path: CustomerPath }, async (req) => {
  const catalog = await requireCatalog(req.shopId);
  const customer = await getCustomer(req.shopId, req.path.customerId);
  if (!customer) throw new NotFound('Customer not found');
  return ok(customerView(customer, req.view(catalog.settings.defaultLocale)));
});
