import type { PreTokenGenerationV3TriggerEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isReadScope,
  READ_ONLY_GROUP,
  STAFF_GROUP,
  scopesOfGroups,
  withShopClaim,
  withShopGrants,
} from '../../functions/auth/add-shop-claim';

/** A V3 pre-token event as Cognito sends it for a client-credentials grant. */
function clientCredentialsEvent(): PreTokenGenerationV3TriggerEvent {
  return {
    version: '3',
    triggerSource: 'TokenGeneration_ClientCredentials',
    region: 'eu-central-1',
    userPoolId: 'eu-central-1_Abc123',
    userName: '',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'back-office-client-id' },
    request: {
      userAttributes: {},
      groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [], preferredRole: null },
      scopes: ['shop-api/products_read'],
    },
    response: { claimsAndScopeOverrideDetails: null },
  } as unknown as PreTokenGenerationV3TriggerEvent;
}

describe('pre-token-generation trigger', () => {
  it('binds a client-credentials access token to the shop', () => {
    // Act
    const event = withShopClaim(clientCredentialsEvent(), 'demo');

    // Assess
    expect(
      event.response.claimsAndScopeOverrideDetails?.accessTokenGeneration?.claimsToAddOrOverride,
    ).toEqual({
      shop: 'demo',
    });
  });

  it('keeps overrides made before it and wins over a shop claim already set', () => {
    // Prepare
    const event = clientCredentialsEvent();
    event.response.claimsAndScopeOverrideDetails = {
      accessTokenGeneration: {
        claimsToAddOrOverride: { tenant: 't1', shop: 'other' },
        scopesToAdd: ['shop-api/products_read'],
      },
    };

    // Act
    const result = withShopClaim(event, 'demo');

    // Assess
    expect(result.response.claimsAndScopeOverrideDetails?.accessTokenGeneration).toEqual({
      claimsToAddOrOverride: { tenant: 't1', shop: 'demo' },
      scopesToAdd: ['shop-api/products_read'],
    });
  });
});

const GRANTS = {
  shopId: 'demo',
  scopes: ['orders_read', 'orders_write', 'products_read', 'products_read_batch', 'products_write'],
  scopePrefix: 'shop-api/',
} as const;

/** A V3 pre-token event as Cognito sends it when a person signs in through the managed login page. */
function signInEvent(groups: string[], scopes = ['openid', 'email']): PreTokenGenerationV3TriggerEvent {
  return {
    version: '3',
    triggerSource: 'TokenGeneration_HostedAuth',
    region: 'eu-central-1',
    userPoolId: 'eu-central-1_Abc123',
    userName: 'you@shop.example',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'console-client-id' },
    request: {
      userAttributes: { email: 'you@shop.example' },
      groupConfiguration: { groupsToOverride: groups, iamRolesToOverride: [], preferredRole: null },
      scopes,
    },
    response: { claimsAndScopeOverrideDetails: null },
  } as unknown as PreTokenGenerationV3TriggerEvent;
}

const accessOf = (event: PreTokenGenerationV3TriggerEvent) =>
  event.response.claimsAndScopeOverrideDetails?.accessTokenGeneration;

describe('pre-token-generation trigger: people by group', () => {
  it('gives a member of staff the shop claim and every scope of the API', () => {
    // Act
    const event = withShopGrants(signInEvent([STAFF_GROUP]), GRANTS);

    // Assess
    expect(accessOf(event)).toEqual({
      claimsToAddOrOverride: { shop: 'demo' },
      scopesToAdd: GRANTS.scopes.map((s) => `shop-api/${s}`),
    });
  });

  it('gives a member of staff-readonly the shop claim and the read scopes only', () => {
    // Act
    const event = withShopGrants(signInEvent([READ_ONLY_GROUP]), GRANTS);

    // Assess
    expect(accessOf(event)).toEqual({
      claimsToAddOrOverride: { shop: 'demo' },
      scopesToAdd: ['shop-api/orders_read', 'shop-api/products_read', 'shop-api/products_read_batch'],
    });
  });

  it('gives a member of both groups every scope (the wider group wins)', () => {
    // Act
    const event = withShopGrants(signInEvent([READ_ONLY_GROUP, STAFF_GROUP]), GRANTS);

    // Assess
    expect(accessOf(event)?.scopesToAdd).toHaveLength(GRANTS.scopes.length);
  });

  it('gives a person in no group (or another group) no shop claim and no scope', () => {
    // Act
    const none = withShopGrants(signInEvent([]), GRANTS);
    const other = withShopGrants(signInEvent(['customers']), GRANTS);

    // Assess
    for (const event of [none, other]) {
      expect(accessOf(event)?.claimsToAddOrOverride).toBeUndefined();
      expect(accessOf(event)?.scopesToAdd).toBeUndefined();
    }
  });

  it('removes requested API scopes a person is not granted (a client given API scopes by mistake)', () => {
    // Act
    const none = withShopGrants(signInEvent([], ['openid', 'shop-api/orders_write']), GRANTS);
    const reader = withShopGrants(
      signInEvent([READ_ONLY_GROUP], ['openid', 'shop-api/orders_read', 'shop-api/orders_write']),
      GRANTS,
    );

    // Assess
    expect(accessOf(none)).toEqual({ scopesToSuppress: ['shop-api/orders_write'] });
    expect(accessOf(reader)).toEqual({
      claimsToAddOrOverride: { shop: 'demo' },
      scopesToAdd: ['shop-api/products_read', 'shop-api/products_read_batch'],
      scopesToSuppress: ['shop-api/orders_write'],
    });
  });

  it('applies the groups again when a token is refreshed (a removed member loses the scopes within the hour)', () => {
    // Prepare
    const refresh = signInEvent([]);
    (refresh as { triggerSource: string }).triggerSource = 'TokenGeneration_RefreshTokens';

    // Act
    const event = withShopGrants(refresh, GRANTS);

    // Assess
    expect(accessOf(event)?.claimsToAddOrOverride).toBeUndefined();
  });

  it('leaves client credentials as they were: the shop claim, the client scopes untouched', () => {
    // Act
    const event = withShopGrants(clientCredentialsEvent(), GRANTS);

    // Assess
    expect(accessOf(event)).toEqual({ claimsToAddOrOverride: { shop: 'demo' } });
  });

  it('counts `_read` and `_read_<kind>` as read scopes, never a write', () => {
    // Assess
    expect(['orders_read', 'products_read_batch'].every(isReadScope)).toBe(true);
    expect(['orders_write', 'carts_price_write', 'reader_write'].some(isReadScope)).toBe(false);
  });
});

describe('scopesOfGroups', () => {
  it('is undefined for a person in no known group', () => {
    // Assess
    expect(scopesOfGroups([], GRANTS)).toBeUndefined();
    expect(scopesOfGroups([STAFF_GROUP], GRANTS)).toContain('shop-api/products_write');
  });
});

describe('pre-token-generation trigger: the handler as the stack configures it', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('reads the shop, the scopes and their prefix from its environment', async () => {
    // Prepare: the variables infra/constructs/shop-auth.ts sets
    vi.stubEnv('SHOP_ID', 'demo');
    vi.stubEnv('SHOP_SCOPES', 'orders_read,orders_write');
    vi.stubEnv('SCOPE_PREFIX', 'shop-api/');
    vi.resetModules();
    const { handler } = await import('../../functions/auth/add-shop-claim');

    // Act
    const reader = (await handler(signInEvent([READ_ONLY_GROUP]))) as PreTokenGenerationV3TriggerEvent;
    const machine = (await handler(clientCredentialsEvent())) as PreTokenGenerationV3TriggerEvent;

    // Assess
    expect(accessOf(reader)).toEqual({
      claimsToAddOrOverride: { shop: 'demo' },
      scopesToAdd: ['shop-api/orders_read'],
    });
    expect(accessOf(machine)).toEqual({ claimsToAddOrOverride: { shop: 'demo' } });
  });
});
