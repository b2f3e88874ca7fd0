import * as z from '../zod';
import { Address, cursorPageOf, Links, Timestamp } from './common';

/** Response schemas of customers (contract "Customers, tax, legal, orders"). */

export const Customer = z
  .strictObject({
    customerId: z.string(),
    customerNumber: z.string(),
    creationDate: Timestamp,
    billingAddress: Address,
    internalNote: z.nullable(z.string()),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'Customer' });

export const CustomerList = cursorPageOf(Customer).register(z.globalRegistry, { id: 'CustomerList' });
