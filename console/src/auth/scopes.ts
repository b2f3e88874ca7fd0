/**
 * Whether a token's scopes hold a scope; Cognito may write scopes with the resource server's
 * prefix (`shop-api/orders_write`), which the API accepts too.
 */
export function hasScope(scopes: readonly string[], scope: string): boolean {
  return scopes.some((s) => s === scope || s.endsWith(`/${scope}`));
}
