import { requireCatalog } from '../../lib/data/catalog-repository';
import { createCustomer } from '../../lib/data/customer-repository';
import { definedOnly } from '../../lib/domain/customer-patch';
import { customerView } from '../../lib/domain/customer-view';
import { endpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { CreateCustomerBody } from '../../lib/schemas/customers';

/**
 * POST /{shopId}/customers: creates a customer → 201 with Location. billingAddress is required;
 * customerNumber is generated when absent; a taken customerNumber is 409 (contract).
 */
export const handler = endpoint(
  routes.createCustomer,
  { path: ShopPath, body: CreateCustomerBody },
  async (req) => {
    const catalog = await requireCatalog(req.shopId);
    const customer = await createCustomer(req.shopId, {
      billingAddress: definedOnly(req.body.billingAddress),
      ...(req.body.customerNumber === undefined ? {} : { customerNumber: req.body.customerNumber }),
      internalNote: req.body.internalNote ?? null,
    });
    const ctx = req.view(catalog.settings.defaultLocale);
    return created(customerView(customer, ctx), {
      Location: `/${req.shopId}/customers/${customer.customerId}`,
    });
  },
);
