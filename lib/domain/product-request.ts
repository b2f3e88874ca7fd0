import { BadRequest, Forbidden, NotFound } from '../http/errors';
import { hasScope } from '../http/middleware/auth';
import type { Principal } from '../http/types';
import type { Catalog } from './catalog';
import type { ShopProduct } from './catalog-types';

/**
 * Request rules shared by the product routes: currency, the includeInvisible permission and the
 * product lookup. They throw the typed HTTP errors the contract names.
 */

/** The currency to price in: the requested one when the shop sells in it (else 400), or the default. */
export function requireCurrency(catalog: Catalog, requested: string | undefined): string {
  const currency = requested ?? catalog.settings.defaultCurrency;
  if (!catalog.settings.currencies.includes(currency)) {
    throw new BadRequest('Invalid request', [
      { field: 'currency', message: `Shop does not sell in ${currency}` },
    ]);
  }
  return currency;
}

/** contract "Authentication and scopes": includeInvisible=true needs products_write as well (403). */
export function allowInvisible(principal: Principal, includeInvisible: boolean | undefined): boolean {
  if (includeInvisible !== true) return false;
  if (!hasScope(principal, 'products_write')) {
    throw new Forbidden('includeInvisible=true needs the scope products_write');
  }
  return true;
}

/** A product of the catalog; unknown, or invisible without includeInvisible: 404. */
export function requireProduct(catalog: Catalog, productId: string, includeInvisible: boolean): ShopProduct {
  const product = catalog.products.get(productId);
  if (!product || (!product.visible && !includeInvisible)) throw new NotFound('Product not found');
  return product;
}
