/** The shop's legal pages as the API names them, and the fields each editor shows (docs/catalog.md "Legal"). */
export const LEGAL_PAGES = [
  'privacy-policy',
  'terms-and-conditions',
  'rights-of-withdrawal',
  'shipping-information',
  'cookie-policy',
] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** What the pages screen edits: a legal page, or the contact information. */
export type EditedPage = LegalPage | 'contact-information';

const PAGE_FIELDS = ['name', 'title', 'navigationCaption', 'shortDescription', 'description'] as const;
const CONTACT_FIELDS = [
  ...PAGE_FIELDS,
  'company',
  'contactPerson',
  'contactPersonJobTitle',
  'address',
  'phone',
  'email',
] as const;

export type PageField = (typeof CONTACT_FIELDS)[number];

/** The fields of a page, in the order the form shows them. */
export function pageFields(page: EditedPage): readonly PageField[] {
  return page === 'contact-information' ? CONTACT_FIELDS : PAGE_FIELDS;
}

/** Fields that hold HTML (up to 50,000 characters): a text area. */
export function isLongField(field: PageField): boolean {
  return field === 'shortDescription' || field === 'description' || field === 'address';
}

export function isEditedPage(name: string): name is EditedPage {
  return name === 'contact-information' || (LEGAL_PAGES as readonly string[]).includes(name);
}

/** The PUT body: every field of the page as typed (a PUT replaces the page's locale whole). */
export function pageBody(
  page: EditedPage,
  values: Partial<Record<PageField, string>>,
): Record<string, string> {
  return Object.fromEntries(pageFields(page).map((field) => [field, values[field] ?? '']));
}
