import * as z from '../zod';
import { Address, cursorPageOf, Links, Timestamp } from './common';

/**
 * A customer's billing address holds the fields it was given (absent ones are left out, unlike the
 * complete addresses of carts and orders).
 */
export const CustomerAddress = z.partial(Address).register(z.globalRegistry, { id: 'CustomerAddress' });

/** Response schemas of customers (docs/catalog.md "Customers"). */

export const Customer = z
  .strictObject({
    customerId: z.string(),
    customerNumber: z.string(),
    creationDate: Timestamp,
    billingAddress: CustomerAddress,
    internalNote: z.nullable(z.string()),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'Customer' });

export const CustomerList = cursorPageOf(Customer).register(z.globalRegistry, { id: 'CustomerList' });
