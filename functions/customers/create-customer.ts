import { customerView } from '../../lib/domain/customers/customer-view';
import { endpoint } from '../../lib/http/endpoint';
import { created } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { CreateCustomerBody } from '../../lib/schemas/customers';
import { createCustomer } from '../../lib/use-cases/customers/create-customer';

/**
 * POST /{shopId}/customers: creates a customer → 201 with Location. billingAddress is required;
 * customerNumber is generated when absent; a taken customerNumber is 409 (docs/catalog.md "Customers").
 */
export const handler = endpoint(
  routes.createCustomer,
  { path: ShopPath, body: CreateCustomerBody },
  async (req) => {
    const { customer, catalog } = await createCustomer({ ...req.body, shopId: req.shopId });
    const ctx = req.view(catalog.settings.defaultLocale);
    return created(customerView(customer, ctx), {
      Location: `/${req.shopId}/customers/${customer.customerId}`,
    });
  },
);
