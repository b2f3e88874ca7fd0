import { RefusedInput } from '../errors';
import { writeLocale } from '../shop-locale';
import type { Catalog } from './catalog';
import type { ProductWriteContext } from './product-patch';
import { requireCurrency } from './product-request';

/**
 * Where a product write goes (docs/api-rules.md "JSON Patch": text paths in the request's `locale`, prices in
 * its `currency`, each the shop's default when absent): a locale or currency the shop lacks is
 * refused naming `locale` or `currency`.
 */
export function productWriteContext(
  catalog: Catalog,
  query: { locale?: string; currency?: string },
): ProductWriteContext {
  const target = writeLocale(catalog.settings, query.locale);
  if ('problem' in target)
    throw new RefusedInput('Invalid request', [{ field: 'locale', message: target.problem }]);
  return {
    locale: target.locale,
    currency: requireCurrency(catalog, query.currency),
    currencies: catalog.settings.currencies,
    taxClassIds: new Set(catalog.taxClasses.keys()),
    defaultTaxClassId: catalog.settings.defaultTaxClassId,
  };
}
