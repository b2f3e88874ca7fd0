import type { PreTokenGenerationV2TriggerEvent, PreTokenGenerationV3TriggerEvent } from 'aws-lambda';

/**
 * Cognito pre-token-generation trigger (event version V3_0, which also runs for client-credentials
 * grants): puts the `shop` claim into every access token of the shop's user pool, because the API
 * binds each token to one shop (docs/api-rules.md "Authentication and scopes").
 */

type TriggerEvent = PreTokenGenerationV2TriggerEvent | PreTokenGenerationV3TriggerEvent;

/** The event with `shop` added to the access token's claims; other overrides are kept. */
export function withShopClaim<E extends TriggerEvent>(event: E, shopId: string): E {
  const details = event.response?.claimsAndScopeOverrideDetails ?? {};
  const access = details.accessTokenGeneration ?? {};
  event.response = {
    ...event.response,
    claimsAndScopeOverrideDetails: {
      ...details,
      accessTokenGeneration: {
        ...access,
        claimsToAddOrOverride: { ...access.claimsToAddOrOverride, shop: shopId },
      },
    },
  };
  return event;
}

/** Set by the stack from its validated context. */
const shopId = process.env.SHOP_ID;

/** Lambda entry point. */
export const handler = async (event: TriggerEvent): Promise<TriggerEvent> => {
  // Kept free of zod and the API's modules: this runs on every token request, cold starts count.
  if (!shopId) throw new Error('SHOP_ID is not set');
  return withShopClaim(event, shopId);
};
