import * as z from 'zod';
import { ADDRESS_FIELDS } from '../domain/address';

/** Schemas of the spec's Address: its fields only (an unknown field is 400), bounded strings or null. */

export const MAX_ADDRESS_FIELD_LENGTH = 255;

/** One Address field: a string (bounded) or null. */
export const AddressFieldValue = z.string().trim().max(MAX_ADDRESS_FIELD_LENGTH).nullable();

const fields = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, AddressFieldValue.optional()])) as Record<
  (typeof ADDRESS_FIELDS)[number],
  z.ZodOptional<typeof AddressFieldValue>
>;
const email = z.email('expected an e-mail address').max(MAX_ADDRESS_FIELD_LENGTH);
const country = z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code like DE');

/** An Address with any of its fields. */
export const AddressBody = z.strictObject(fields);

/** Every field of an Address, absent ones stored as null (a stored cart address always has them all). */
function complete(address: Record<string, string | null | undefined>): Record<string, string | null> {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f] ?? null]));
}

/** contract: billing address needs country and emailAddress; unknown fields are 400. */
export const BillingAddressBody = z
  .strictObject({ ...fields, country, emailAddress: email })
  .transform(complete);

/** contract: shipping address needs country; unknown fields are 400. */
export const ShippingAddressBody = z
  .strictObject({ ...fields, country, emailAddress: email.nullable().optional() })
  .transform(complete);
