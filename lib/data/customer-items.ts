import type { CustomerRecord } from '../domain/customer';
import { type Key, keys } from './keys';

/**
 * The items of one customer: the customer itself (listed by creation time through gsi1), the guard
 * that keeps its customer number unique in the shop, and the guard that maps its e-mail address
 * to it (checkout looks buyers up by e-mail with one GetItem).
 */
export function customerItems(shopId: string, customer: CustomerRecord) {
  const email = customer.billingAddress.emailAddress;
  return {
    customer: {
      ...keys.customer(shopId, customer.customerId),
      kind: 'customer',
      gsi1pk: keys.customersByCreation(shopId),
      gsi1sk: `${customer.creationDate}#${customer.customerId}`,
      data: customer,
    } as Record<string, unknown> & Key,
    numberGuard: {
      ...keys.customerNumber(shopId, customer.customerNumber),
      kind: 'customerNumber',
      customerId: customer.customerId,
    } as Record<string, unknown> & Key,
    emailGuard: email
      ? ({
          ...keys.customerEmail(shopId, email),
          kind: 'customerEmail',
          customerId: customer.customerId,
          customerNumber: customer.customerNumber,
        } as Record<string, unknown> & Key)
      : null,
  };
}
