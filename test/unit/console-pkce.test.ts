import { describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  base64url,
  codeChallenge,
  logoutUrl,
  parseCallback,
  randomToken,
  tokenClaims,
  tokenRequest,
} from '../../console/src/auth/pkce';
import { hasScope } from '../../console/src/auth/scopes';

/**
 * The console's Cognito sign-in, its pure parts (docs/console.md "Sign-in"): the PKCE verifier and
 * S256 challenge, the authorize, token and logout requests, the callback's checks.
 */

const SIGN_IN = {
  domain: 'https://myshop-123.auth.eu-central-1.amazoncognito.com',
  clientId: 'client-1',
  scopes: ['openid', 'email'],
  redirectUri: 'https://d1.cloudfront.net/admin/callback',
  logoutUri: 'https://d1.cloudfront.net/admin/',
};

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B from its verifier', async () => {
    // Act
    const challenge = await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');

    // Assess
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 URL-safe characters, never the same twice', () => {
    // Act
    const tokens = Array.from({ length: 50 }, () => randomToken());

    // Assess
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(50);
    expect(base64url(new Uint8Array([251, 255, 191]))).toBe('-_-_');
  });
});

describe('the Cognito requests', () => {
  it('asks the managed login for a code with the S256 challenge, the state, the scopes and the redirect', () => {
    // Act
    const url = new URL(authorizeUrl(SIGN_IN, { state: 'st-1', challenge: 'ch-1' }));

    // Assess
    expect(`${url.origin}${url.pathname}`).toBe(`${SIGN_IN.domain}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: SIGN_IN.redirectUri,
      scope: 'openid email',
      state: 'st-1',
      code_challenge: 'ch-1',
      code_challenge_method: 'S256',
    });
  });

  it('trades the code at /oauth2/token as a public client: verifier, no secret', () => {
    // Act
    const request = tokenRequest(SIGN_IN, 'code-9', 'verifier-9');

    // Assess
    expect(request.url).toBe(`${SIGN_IN.domain}/oauth2/token`);
    expect(Object.fromEntries(request.body)).toEqual({
      grant_type: 'authorization_code',
      client_id: 'client-1',
      code: 'code-9',
      redirect_uri: SIGN_IN.redirectUri,
      code_verifier: 'verifier-9',
    });
  });

  it('signs out at /logout with the client id and the logout URI', () => {
    // Act
    const url = new URL(logoutUrl(SIGN_IN));

    // Assess
    expect(`${url.origin}${url.pathname}`).toBe(`${SIGN_IN.domain}/logout`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      logout_uri: SIGN_IN.logoutUri,
    });
  });
});

describe('the callback', () => {
  it('takes the code when the state is the one this tab sent', () => {
    expect(parseCallback('?code=abc&state=s1', 's1')).toEqual({ kind: 'code', code: 'abc', state: 's1' });
  });

  it('refuses another state, a missing state of its own, a missing code, and passes Cognito’s error on', () => {
    // Act
    const forged = parseCallback('?code=abc&state=s2', 's1');
    const unasked = parseCallback('?code=abc&state=s1', null);
    const noCode = parseCallback('?state=s1', 's1');
    const denied = parseCallback('?error=access_denied&error_description=User+not+in+group', 's1');

    // Assess
    expect(forged).toMatchObject({ kind: 'error', error: 'state_mismatch' });
    expect(unasked).toMatchObject({ kind: 'error', error: 'state_mismatch' });
    expect(noCode).toMatchObject({ kind: 'error', error: 'missing_code' });
    expect(denied).toEqual({ kind: 'error', error: 'access_denied', description: 'User not in group' });
  });
});

describe('tokenClaims', () => {
  it('reads a JWT payload (base64url, UTF-8) and gives {} for anything else', () => {
    // Prepare
    const payload = Buffer.from(JSON.stringify({ shop: 'müller', scope: 'orders_read', exp: 5 })).toString(
      'base64url',
    );

    // Act
    const claims = tokenClaims(`h.${payload}.s`);

    // Assess
    expect(claims).toEqual({ shop: 'müller', scope: 'orders_read', exp: 5 });
    expect(tokenClaims('not-a-token')).toEqual({});
    expect(tokenClaims('h.%%%.s')).toEqual({});
  });
});

describe('hasScope', () => {
  it('finds a scope bare or behind a resource server prefix, never a longer name', () => {
    expect(hasScope(['orders_read', 'orders_write'], 'orders_write')).toBe(true);
    expect(hasScope(['shop-api/orders_write'], 'orders_write')).toBe(true);
    expect(hasScope(['orders_read'], 'orders_write')).toBe(false);
    expect(hasScope(['xorders_write'], 'orders_write')).toBe(false);
    expect(hasScope([], 'orders_write')).toBe(false);
  });
});
