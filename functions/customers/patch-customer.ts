import { customerView } from '../../lib/domain/customers/customer-view';
import { endpoint } from '../../lib/http/endpoint';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { CustomerPath, customerPatchValues, PatchCustomerBody } from '../../lib/schemas/customers';
import { patchCustomer } from '../../lib/use-cases/customers/patch-customer';

/**
 * PATCH /{shopId}/customers/{customerId}: a JSON Patch on /customerNumber, /billingAddress
 * (or one of its fields) and /internalNote → 200 Customer. Any bad operation: 400 naming its
 * index, nothing changed; a taken customerNumber: 409. When another request changed the customer
 * in between, it is read again and the patch applied again.
 */
export const handler = endpoint(
  routes.patchCustomer,
  { path: CustomerPath, body: PatchCustomerBody },
  async (req) => {
    const { customer, catalog } = await patchCustomer({
      shopId: req.shopId,
      customerId: req.path.customerId,
      operations: req.body,
      values: customerPatchValues,
    });
    return ok(customerView(customer, req.view(catalog.settings.defaultLocale)));
  },
);
