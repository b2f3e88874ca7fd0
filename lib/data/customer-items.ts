import type { ShopCustomer } from '../schemas/shop-file';
import { type Key, keys } from './keys';

/**
 * A customer's item and the guard item that keeps its customer number unique in the shop.
 * The e-mail index lets checkout find a customer by billing e-mail.
 */
export function customerItem(shopId: string, customer: ShopCustomer): (Record<string, unknown> & Key)[] {
  const email = customer.billingAddress.emailAddress;
  return [
    {
      ...keys.customer(shopId, customer.customerId),
      kind: 'customer',
      gsi1pk: keys.customersByCreation(shopId),
      gsi1sk: `${customer.creationDate}#${customer.customerId}`,
      ...(email ? { gsi2pk: keys.customerByEmail(shopId, email), gsi2sk: customer.customerId } : {}),
      data: customer,
    },
    {
      ...keys.customerNumber(shopId, customer.customerNumber),
      kind: 'customerNumber',
      customerId: customer.customerId,
    },
  ];
}
