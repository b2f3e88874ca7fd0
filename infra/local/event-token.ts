import { issueDevToken } from './dev-issuer';

/** The placeholder in sample events (events/*.json) that stands for a dev token: `Bearer {{DEV_TOKEN}}`. */
export const DEV_TOKEN_PLACEHOLDER = '{{DEV_TOKEN}}';

/**
 * Replaces `Bearer {{DEV_TOKEN}}` in the event's authorization header with a fresh all-scopes dev
 * token for the event's `pathParameters.shopId` (default demo), so sample events hold no real token.
 * `issue` is swappable for tests.
 */
export function fillDevToken(
  event: Record<string, unknown>,
  issue: (shop: string) => string = issueDevToken,
): void {
  const headers = event.headers as Record<string, unknown> | undefined;
  if (typeof headers !== 'object' || headers === null) return;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'authorization' || typeof value !== 'string') continue;
    if (!value.includes(`Bearer ${DEV_TOKEN_PLACEHOLDER}`)) continue;
    const shopId = (event.pathParameters as Record<string, unknown> | undefined)?.shopId;
    headers[name] = value.replace(DEV_TOKEN_PLACEHOLDER, issue(typeof shopId === 'string' ? shopId : 'demo'));
  }
}
