import { updateCatalog } from '../../data/catalog/catalog-update';
import type { Catalog } from '../../domain/catalog/catalog';
import { requireWriteLocale } from '../write-locale';

/** The one catalog item holding every locale's contact information (as the import writes it). */
const LEGAL_ITEM_ID = 'contact-information';

type ContactInformation = Catalog['legal'][string];

/**
 * Replaces one locale's legal contact information whole (docs/catalog.md "Legal"): the locale must be one
 * of the shop's (refused otherwise); the other locales are kept (read-modify-write with the
 * catalog version). Returns what was stored.
 */
export async function updateContactInformation(input: {
  shopId: string;
  locale: string;
  info: ContactInformation;
}): Promise<ContactInformation> {
  const locale = await requireWriteLocale(input.shopId, input.locale);
  const { info } = input;
  await updateCatalog(input.shopId, (catalog) => ({
    puts: [{ kind: 'legal', id: LEGAL_ITEM_ID, data: { ...catalog.legal, [locale]: info } }],
    result: undefined,
  }));
  return info;
}
