import { requireCatalog } from '../data/catalog/catalog-repository';
import { RefusedInput } from '../domain/errors';
import { writeLocale } from '../domain/shop-locale';

/**
 * The locale a catalog write goes to (lib/domain/shop-locale.ts writeLocale): the requested one when
 * the shop has it, absent the shop's default; any other is refused naming `locale`.
 */
export async function requireWriteLocale(shopId: string, requested: string | undefined): Promise<string> {
  const target = writeLocale((await requireCatalog(shopId)).settings, requested);
  if ('problem' in target)
    throw new RefusedInput('Invalid request', [{ field: 'locale', message: target.problem }]);
  return target.locale;
}
