import type { CustomerPatchValues } from '../domain/customers/customer-patch';
import { AddressBody, addressFieldValue } from './address';
import { cursorPaging, PathId, ShopId } from './common';
import { JsonPatchBody } from './json-patch';
import { valueCheck } from './value-check';
import * as z from './zod';

/** Schemas of the customer operations (docs/catalog.md "Customers"). */

export const MAX_INTERNAL_NOTE_LENGTH = 4000;

/** The spec's Address: its fields only (an unknown field is 400), each a string or null. */
export const CustomerAddress = AddressBody;
/** Customer numbers: letters, digits, '.', '_' and '-', starting with a letter or digit. */
export const CustomerNumber = z.lazy(() =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'expected up to 64 letters, digits, ., _ or -')),
);
export const InternalNote = z.lazy(() => z.nullable(z.string().check(z.maxLength(MAX_INTERNAL_NOTE_LENGTH))));

export const CustomerPath = z.lazy(() => z.object({ shopId: ShopId, customerId: PathId }));
export const ListCustomersQuery = z.lazy(() => z.object({ ...cursorPaging() }));

/** POST /customers: billingAddress required; customerNumber generated when absent. */
export const CreateCustomerBody = z.lazy(() =>
  z.strictObject({
    customerNumber: z.optional(CustomerNumber),
    billingAddress: CustomerAddress,
    internalNote: z.optional(InternalNote),
  }),
);

/** PATCH /customers/{id}: a JSON Patch document (rules: lib/domain/customers/customer-patch.ts). */
export const PatchCustomerBody = JsonPatchBody;
export type PatchCustomerBody = z.output<typeof PatchCustomerBody>;

/** The values a PATCH /customers/{id} writes, checked as the fields of POST /customers are. */
export const customerPatchValues: CustomerPatchValues = {
  customerNumber: valueCheck(CustomerNumber),
  internalNote: valueCheck(InternalNote),
  billingAddress: valueCheck(CustomerAddress),
  addressField: (field) => valueCheck(addressFieldValue(field)),
};
