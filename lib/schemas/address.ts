import { ADDRESS_FIELDS } from '../domain/address';
import * as z from './zod';

/** Schemas of the spec's Address: its fields only (an unknown field is 400), bounded strings or null. */

export const MAX_ADDRESS_FIELD_LENGTH = 255;

/** One Address field: a string (bounded) or null. */
export const AddressFieldValue = z.lazy(() =>
  z.nullable(z.string().check(z.trim(), z.maxLength(MAX_ADDRESS_FIELD_LENGTH))),
);

const fields = () =>
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, z.optional(AddressFieldValue)])) as Record<
    (typeof ADDRESS_FIELDS)[number],
    z.ZodMiniOptional<typeof AddressFieldValue>
  >;
/** An e-mail address, wherever an address takes one (carts, customers, the import file). */
export const EmailAddress = z.lazy(() =>
  z.email('expected an e-mail address').check(z.maxLength(MAX_ADDRESS_FIELD_LENGTH)),
);
const email = EmailAddress;
/** The optional e-mail address of an Address: an e-mail address or null. */
const optionalEmail = () => z.optional(z.nullable(email));

/** The schema of one Address field's value: emailAddress must be an e-mail address. */
export function addressFieldValue(field: string) {
  return field === 'emailAddress' ? z.nullable(email) : AddressFieldValue;
}
const country = z.lazy(() =>
  z.string().check(z.regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code like DE')),
);

/** An Address with any of its fields; emailAddress, when given, is an e-mail address. */
export const AddressBody = z.lazy(() => z.strictObject({ ...fields(), emailAddress: optionalEmail() }));

/** Every field of an Address, absent ones stored as null (a stored cart address always has them all). */
function complete(address: Record<string, string | null | undefined>): Record<string, string | null> {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f] ?? null]));
}

/** A billing address needs country and emailAddress; unknown fields are 400. */
const BillingAddress = z.lazy(() => z.strictObject({ ...fields(), country, emailAddress: email }));
export const BillingAddressBody = z.lazy(() =>
  z.pipe(
    BillingAddress,
    z.transform((address: z.output<typeof BillingAddress>) => complete(address)),
  ),
);

/** A shipping address needs country; unknown fields are 400. */
const ShippingAddress = z.lazy(() => z.strictObject({ ...fields(), country, emailAddress: optionalEmail() }));
export const ShippingAddressBody = z.lazy(() =>
  z.pipe(
    ShippingAddress,
    z.transform((address: z.output<typeof ShippingAddress>) => complete(address)),
  ),
);
