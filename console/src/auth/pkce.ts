/**
 * The pure parts of the OAuth 2.0 authorization code flow with PKCE (RFC 7636) against Cognito's
 * managed login, as a public client (no secret): the verifier and its S256 challenge, the URLs
 * and the token request. Browser and Node alike (Web Crypto, URL), so unit tests run them as is.
 */

/** The Cognito part of config.json's `signIn`. */
export interface CognitoSignIn {
  domain: string;
  clientId: string;
  scopes: string[];
  redirectUri: string;
  logoutUri: string;
}

/** Bytes as base64url without padding (RFC 4648 §5), as PKCE and JWTs write them. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random string of 43 URL-safe characters (32 bytes): a code verifier or a `state`. */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The S256 code challenge of a verifier: base64url(SHA-256(ASCII verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The managed login's authorize URL for one attempt. */
export function authorizeUrl(signIn: CognitoSignIn, attempt: { state: string; challenge: string }): string {
  const url = new URL('/oauth2/authorize', signIn.domain);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: signIn.clientId,
    redirect_uri: signIn.redirectUri,
    scope: signIn.scopes.join(' '),
    state: attempt.state,
    code_challenge: attempt.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** What came back to the redirect URI: a code, or the error Cognito named. */
export type CallbackResult =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'error'; error: string; description: string };

/**
 * Reads the redirect's query and checks its `state` against the one this tab sent (a mismatch is
 * a forged or stale redirect: refused).
 */
export function parseCallback(search: string, expectedState: string | null): CallbackResult {
  const query = new URLSearchParams(search);
  const error = query.get('error');
  if (error) return { kind: 'error', error, description: query.get('error_description') ?? '' };
  const code = query.get('code');
  const state = query.get('state');
  if (!code) return { kind: 'error', error: 'missing_code', description: 'The sign-in returned no code.' };
  if (!expectedState || state !== expectedState)
    return {
      kind: 'error',
      error: 'state_mismatch',
      description: 'The sign-in answer was not for this tab.',
    };
  return { kind: 'code', code, state };
}

/** The token endpoint and form body that trade the code for tokens (public client: no secret). */
export function tokenRequest(
  signIn: CognitoSignIn,
  code: string,
  verifier: string,
): { url: string; body: URLSearchParams } {
  return {
    url: new URL('/oauth2/token', signIn.domain).toString(),
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: signIn.clientId,
      code,
      redirect_uri: signIn.redirectUri,
      code_verifier: verifier,
    }),
  };
}

/** Cognito's sign-out URL: ends the managed login's session, then returns to `logoutUri`. */
export function logoutUrl(signIn: CognitoSignIn): string {
  const url = new URL('/logout', signIn.domain);
  url.search = new URLSearchParams({ client_id: signIn.clientId, logout_uri: signIn.logoutUri }).toString();
  return url.toString();
}

/** A JWT's claims, unverified (the API verifies; the console only reads the shop and expiry). */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
