import { Forbidden } from './errors';
import { hasScope } from './middleware/auth';
import type { Principal } from './types';

/** contract "Authentication and scopes": includeInvisible=true needs products_write as well (403). */
export function allowInvisible(principal: Principal, includeInvisible: boolean | undefined): boolean {
  if (includeInvisible !== true) return false;
  if (!hasScope(principal, 'products_write')) {
    throw new Forbidden('includeInvisible=true needs the scope products_write');
  }
  return true;
}
