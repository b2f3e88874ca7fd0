import { requireCatalog } from '../../data/catalog/catalog-repository';
import { CustomerChanged, getCustomer, saveCustomer } from '../../data/customers/customer-repository';
import type { Catalog } from '../../domain/catalog/catalog';
import type { CustomerRecord } from '../../domain/customers/customer';
import { applyCustomerPatch, type CustomerPatchValues } from '../../domain/customers/customer-patch';
import { NotFoundError, RefusedInput } from '../../domain/errors';

/** Rounds a patch is applied again when other requests keep changing the customer. */
const MAX_ATTEMPTS = 5;

/**
 * Applies a JSON Patch to a customer (lib/domain/customers/customer-patch.ts): any bad operation refuses the
 * whole patch, naming its index; a taken customerNumber is a StateConflict; unknown customer:
 * NotFoundError. When another request changed the customer in between, it is read again and the
 * patch applied again; an unchanged customer is not written.
 */
export async function patchCustomer(input: {
  shopId: string;
  customerId: string;
  operations: Parameters<typeof applyCustomerPatch>[1];
  /** How each written value is checked (the request schemas: lib/schemas/customers.ts). */
  values: CustomerPatchValues;
}): Promise<{ customer: CustomerRecord; catalog: Catalog }> {
  const { shopId } = input;
  const catalog = await requireCatalog(shopId);
  for (let attempt = 1; ; attempt++) {
    const before = await getCustomer(shopId, input.customerId, { consistent: true });
    if (!before) throw new NotFoundError('Customer');
    const patched = applyCustomerPatch(before, input.operations, input.values);
    if ('problems' in patched) throw new RefusedInput('Invalid patch', patched.problems);
    if (JSON.stringify(patched.customer) === JSON.stringify(before)) return { customer: before, catalog };
    try {
      return { customer: await saveCustomer(shopId, before, patched.customer), catalog };
    } catch (error) {
      if (!(error instanceof CustomerChanged) || attempt === MAX_ATTEMPTS) throw error;
    }
  }
}
