import * as z from 'zod';

/** The spec's Address fields; all strings, all nullable. */
export const ADDRESS_FIELDS = [
  'company',
  'salutation',
  'firstName',
  'lastName',
  'street',
  'streetDetails',
  'zipCode',
  'city',
  'state',
  'country',
  'title',
  'vatId',
  'birthday',
  'addressExtension',
  'bankAccountHolder',
  'bankAccountNumber',
  'bankName',
  'bankSortCode',
  'businessEmailAddress',
  'businessPhoneNumber',
  'department',
  'displayName',
  'doorCode',
  'faxNumber',
  'fiscalCode',
  'gender',
  'jobTitle',
  'middleName',
  'mobilePhoneNumber',
  'phoneNumber',
  'privateEmailAddress',
  'privatePhoneNumber',
  'websiteUrl',
  'emailAddress',
] as const;

const MAX_FIELD_LENGTH = 255;
const text = z.string().trim().max(MAX_FIELD_LENGTH).nullable().optional();
const email = z.email('expected an e-mail address').max(MAX_FIELD_LENGTH);
const country = z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code like DE');

const fields = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text])) as Record<
  (typeof ADDRESS_FIELDS)[number],
  typeof text
>;

/** Every field of an Address, absent ones stored as null (a stored address always has them all). */
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
