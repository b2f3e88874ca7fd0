/** The fields of the spec's Address (all strings, all nullable); no others are stored. */
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
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Whether a name is one of the Address fields. */
export function isAddressField(name: string): name is AddressField {
  return (ADDRESS_FIELDS as readonly string[]).includes(name);
}
