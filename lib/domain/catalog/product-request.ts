import { NotFoundError, RefusedInput } from '../errors';
import type { Catalog } from './catalog';
import type { ShopProduct } from './catalog-types';

/**
 * Request rules shared by the product routes: the currency and the product lookup (the
 * includeInvisible permission is the caller's scope: lib/http/include-invisible.ts).
 */

/** The currency to price in: the requested one when the shop sells in it (else 400), or the default. */
export function requireCurrency(catalog: Catalog, requested: string | undefined): string {
  const currency = requested ?? catalog.settings.defaultCurrency;
  if (!catalog.settings.currencies.includes(currency)) {
    throw new RefusedInput('Invalid request', [
      { field: 'currency', message: `Shop does not sell in ${currency}` },
    ]);
  }
  return currency;
}

/** A product of the catalog; unknown, or invisible without includeInvisible: 404. */
export function requireProduct(catalog: Catalog, productId: string, includeInvisible: boolean): ShopProduct {
  const product = catalog.products.get(productId);
  if (!product || (!product.visible && !includeInvisible)) throw new NotFoundError('Product');
  return product;
}
