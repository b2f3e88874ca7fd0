import type { PreTokenGenerationV2TriggerEvent, PreTokenGenerationV3TriggerEvent } from 'aws-lambda';

/**
 * Cognito pre-token-generation trigger (event version V3_0, which also runs for client-credentials
 * grants): puts the `shop` claim into the access tokens of the shop's user pool, because the API
 * binds each token to one shop (docs/api-rules.md "Authentication and scopes").
 *
 * Machine clients (client credentials) get the shop claim and keep the scopes of their app client.
 * A person signing in (the console's public client) gets the shop claim and the API scopes by group
 * (docs/deploy.md "The merchant console"): `staff` every scope of the API, `staff-readonly` the read
 * scopes; a user in neither group gets no shop claim and no API scope, so the API refuses the token.
 */

type TriggerEvent = PreTokenGenerationV2TriggerEvent | PreTokenGenerationV3TriggerEvent;

/** The Cognito group whose members may do everything the API allows. */
export const STAFF_GROUP = 'staff';
/** The Cognito group whose members may only read. */
export const READ_ONLY_GROUP = 'staff-readonly';

/** What the trigger hands out: the shop, the API's scopes (unprefixed) and their prefix. */
export interface ShopGrants {
  shopId: string;
  /** Every scope of the route table, e.g. `orders_write`. */
  scopes: readonly string[];
  /** The resource server's prefix the scopes carry in a token, e.g. `shop-api/`. */
  scopePrefix: string;
}

/** A read scope: `orders_read`, `products_read_batch` (never a `_write`). */
export function isReadScope(scope: string): boolean {
  return /_read(_|$)/.test(scope);
}

/** The event with `shop` added to the access token's claims; other overrides are kept. */
export function withShopClaim<E extends TriggerEvent>(event: E, shopId: string): E {
  return withAccessOverrides(event, { claims: { shop: shopId } });
}

/**
 * The scopes (prefixed) a person in these groups gets, or undefined for a person in neither group.
 * Both groups: the wider one wins.
 */
export function scopesOfGroups(groups: readonly string[], grants: ShopGrants): string[] | undefined {
  const granted = groups.includes(STAFF_GROUP)
    ? grants.scopes
    : groups.includes(READ_ONLY_GROUP)
      ? grants.scopes.filter(isReadScope)
      : undefined;
  return granted?.map((s) => `${grants.scopePrefix}${s}`);
}

/**
 * The overrides for one token request: client credentials keep their client's scopes and get the
 * shop claim; a person gets the shop claim and the scopes of their groups, or nothing at all. Any
 * requested resource-server scope (`<server>/<scope>`) a person's groups do not grant is removed, so
 * an app client configured with API scopes by mistake cannot hand them to everyone in the pool.
 */
export function withShopGrants<E extends TriggerEvent>(event: E, grants: ShopGrants): E {
  if (event.triggerSource === 'TokenGeneration_ClientCredentials') return withShopClaim(event, grants.shopId);
  const groups = event.request.groupConfiguration?.groupsToOverride ?? [];
  const granted = scopesOfGroups(groups, grants) ?? [];
  const requested = event.request.scopes ?? [];
  const suppress = requested.filter((s) => s.includes('/') && !granted.includes(s));
  const add = granted.filter((s) => !requested.includes(s));
  if (granted.length === 0) return withAccessOverrides(event, { suppress });
  return withAccessOverrides(event, { claims: { shop: grants.shopId }, add, suppress });
}

function withAccessOverrides<E extends TriggerEvent>(
  event: E,
  change: { claims?: Record<string, string>; add?: string[]; suppress?: string[] },
): E {
  const details = event.response?.claimsAndScopeOverrideDetails ?? {};
  const access = details.accessTokenGeneration ?? {};
  const union = (before: string[] | undefined, more: string[] | undefined) =>
    more && more.length > 0 ? [...new Set([...(before ?? []), ...more])] : before;
  const scopesToAdd = union(access.scopesToAdd, change.add);
  const scopesToSuppress = union(access.scopesToSuppress, change.suppress);
  event.response = {
    ...event.response,
    claimsAndScopeOverrideDetails: {
      ...details,
      accessTokenGeneration: {
        ...access,
        ...(change.claims
          ? { claimsToAddOrOverride: { ...access.claimsToAddOrOverride, ...change.claims } }
          : {}),
        ...(scopesToAdd ? { scopesToAdd } : {}),
        ...(scopesToSuppress ? { scopesToSuppress } : {}),
      },
    },
  };
  return event;
}

/** Set by the stack from its validated context and the route table. */
const shopId = process.env.SHOP_ID;
const scopes = (process.env.SHOP_SCOPES ?? '').split(',').filter(Boolean);
const scopePrefix = process.env.SCOPE_PREFIX ?? '';

/** Lambda entry point. */
export const handler = async (event: TriggerEvent): Promise<TriggerEvent> => {
  // Kept free of zod and the API's modules: this runs on every token request, cold starts count.
  if (!shopId) throw new Error('SHOP_ID is not set');
  return withShopGrants(event, { shopId, scopes, scopePrefix });
};
