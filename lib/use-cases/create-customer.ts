import { requireCatalog } from '../data/catalog-repository';
import { createCustomer as insertCustomer } from '../data/customer-repository';
import type { Catalog } from '../domain/catalog';
import type { CustomerRecord } from '../domain/customer';
import { definedOnly } from '../domain/customer-patch';

/**
 * Creates a customer (contract "Customers"): the address fields sent, the customer number given
 * (a taken one is a StateConflict) or the next generated one. Returns the customer and the catalog
 * whose default locale it is shown in.
 */
export async function createCustomer(input: {
  shopId: string;
  billingAddress: Record<string, string | null | undefined>;
  customerNumber?: string;
  internalNote?: string | null;
}): Promise<{ customer: CustomerRecord; catalog: Catalog }> {
  const catalog = await requireCatalog(input.shopId);
  const customer = await insertCustomer(input.shopId, {
    billingAddress: definedOnly(input.billingAddress),
    ...(input.customerNumber === undefined ? {} : { customerNumber: input.customerNumber }),
    internalNote: input.internalNote ?? null,
  });
  return { customer, catalog };
}
