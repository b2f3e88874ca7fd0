import { updateCatalog } from '../../data/catalog/catalog-update';
import type { ShopLegalPage } from '../../domain/catalog/catalog-types';
import { type LegalPageId, wholeLegalPage } from '../../domain/legal/legal-pages';
import { requireWriteLocale } from '../write-locale';

/**
 * Replaces one legal page in one locale whole (docs/catalog.md "Legal"): a field not sent
 * becomes "". The locale must be one of the shop's (refused otherwise); the page's other locales
 * are kept (read-modify-write with the catalog version). Returns what was stored.
 */
export async function updateLegalPage(input: {
  shopId: string;
  page: LegalPageId;
  locale: string;
  fields: Partial<ShopLegalPage>;
}): Promise<ShopLegalPage> {
  const locale = await requireWriteLocale(input.shopId, input.locale);
  const stored = wholeLegalPage(input.fields);
  await updateCatalog(input.shopId, (catalog) => ({
    puts: [
      {
        kind: 'legalPage',
        id: input.page,
        data: { ...catalog.legalPages.get(input.page), [locale]: stored },
      },
    ],
    result: undefined,
  }));
  return stored;
}
