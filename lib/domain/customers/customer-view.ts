import { link, type ViewContext } from '../links';
import type { CustomerRecord } from './customer';

/**
 * The customer resource (docs/catalog.md "Customers"): customerId, customerNumber, creationDate,
 * billingAddress, internalNote, links.
 */
export function customerView(customer: CustomerRecord, ctx: ViewContext) {
  return {
    customerId: customer.customerId,
    customerNumber: customer.customerNumber,
    creationDate: customer.creationDate,
    billingAddress: customer.billingAddress,
    internalNote: customer.internalNote,
    links: [link(ctx, 'self', 'customers', customer.customerId)],
  };
}
