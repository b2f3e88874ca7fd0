import { requireCatalog } from '../../lib/data/catalog-repository';
import { CustomerChanged, getCustomer, saveCustomer } from '../../lib/data/customer-repository';
import { applyCustomerPatch } from '../../lib/domain/customer-patch';
import { customerView } from '../../lib/domain/customer-view';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest, NotFound } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import { routes } from '../../lib/routes';
import { CustomerPath, PatchCustomerBody } from '../../lib/schemas/customers';

const MAX_ATTEMPTS = 5;

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
    const catalog = await requireCatalog(req.shopId);
    for (let attempt = 1; ; attempt++) {
      const before = await getCustomer(req.shopId, req.path.customerId, { consistent: true });
      if (!before) throw new NotFound('Customer not found');
      const patched = applyCustomerPatch(before, req.body);
      if ('problems' in patched) throw new BadRequest('Invalid patch', patched.problems);
      if (JSON.stringify(patched.customer) === JSON.stringify(before))
        return ok(customerView(before, req.view(catalog.settings.defaultLocale)));
      try {
        const saved = await saveCustomer(req.shopId, before, patched.customer);
        return ok(customerView(saved, req.view(catalog.settings.defaultLocale)));
      } catch (error) {
        if (!(error instanceof CustomerChanged) || attempt === MAX_ATTEMPTS) throw error;
      }
    }
  },
);
