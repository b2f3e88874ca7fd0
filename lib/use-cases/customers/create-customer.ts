import { requireCatalog } from '../../data/catalog/catalog-repository';
import { createCustomer as insertCustomer } from '../../data/customers/customer-repository';
import type { Catalog } from '../../domain/catalog/catalog';
import type { CustomerRecord } from '../../domain/customers/customer';
import { definedOnly } from '../../domain/customers/customer-patch';

/**
 * Creates a customer (docs/catalog.md "Customers"): the address fields sent, the customer number given
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
