import type { PreTokenGenerationV3TriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { withShopClaim } from '../../functions/auth/add-shop-claim';

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
