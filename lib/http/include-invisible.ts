import { Forbidden } from './errors';
import { hasScope } from './middleware/auth';
import type { Principal } from './types';

/**
 * includeInvisible=true needs products_write as well (403 otherwise): a storefront's token never
 * lists what the merchant has hidden (docs/catalog.md "Catalog: products and search").
 */
export function allowInvisible(principal: Principal, includeInvisible: boolean | undefined): boolean {
  if (includeInvisible !== true) return false;
  if (!hasScope(principal, 'products_write')) {
    throw new Forbidden('includeInvisible=true needs the scope products_write');
  }
  return true;
}

/**
 * One product by its id: a token with products_write reads it invisible or not, without asking, so a
 * merchant's tool reads back what it just created (new products are invisible); any other token gets
 * 404 for an invisible product, as for an unknown one.
 */
export function showInvisibleProduct(principal: Principal, includeInvisible: boolean | undefined): boolean {
  return allowInvisible(principal, includeInvisible) || hasScope(principal, 'products_write');
}
