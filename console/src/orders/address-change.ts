/** The address fields the console lets staff correct, in the order a form shows them. */
export const ADDRESS_FIELDS = [
  'company',
  'firstName',
  'lastName',
  'street',
  'streetDetails',
  'zipCode',
  'city',
  'country',
  'emailAddress',
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressForm = Record<AddressField, string>;

/** The form's starting values from an address (a field the address lacks: empty). */
export function addressForm(
  address: Partial<Record<AddressField, string | null>> | null | undefined,
): AddressForm {
  const form = {} as AddressForm;
  for (const field of ADDRESS_FIELDS) form[field] = address?.[field] ?? '';
  return form;
}

/**
 * What a correction sends: only the fields changed (the API merges an address patch field by field,
 * docs/orders.md), a field emptied as null (clears it), the country upper-cased. Empty when nothing
 * changed.
 */
export function addressChanges(before: AddressForm, after: AddressForm): Record<string, string | null> {
  const changes: Record<string, string | null> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = field === 'country' ? after[field].trim().toUpperCase() : after[field].trim();
    if (value === before[field].trim()) continue;
    changes[field] = value === '' ? null : value;
  }
  return changes;
}
