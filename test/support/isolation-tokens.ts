import { createHmac, createPublicKey } from 'node:crypto';
import { ensureDevKeys, signDevToken, signJwt } from '../../infra/local/dev-issuer';
import { devIssuer } from '../../lib/config';
import { SCOPES } from '../../lib/routes';

/**
 * Forged or unfit tokens for shop demo that every route must refuse with 403 (docs/api-rules.md
 * "Authentication and scopes"). test/api/auth.test.ts already runs the ones it lists (no token,
 * malformed, expired, another shop, another key under the known and an unknown kid, another
 * issuer and audience, alg none, no shop claim); these are the rest, so no cell runs twice.
 */
export interface TokenCase {
  name: string;
  token: string;
  /** Only routes that need a scope refuse it (a scope-less token is fine elsewhere). */
  scopedRoutesOnly?: boolean;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** HS256 with a secret: the classic key-confusion attack when the verifier trusts the header's alg. */
function hs256(header: Record<string, unknown>, claims: Record<string, unknown>, secret: string): string {
  const input = `${b64({ ...header, alg: 'HS256' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** The token cases, freshly signed. */
export function forgedTokenCases(): TokenCase[] {
  const { privateKeyPem, kid, jwks } = ensureDevKeys();
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: devIssuer.issuer,
    aud: devIssuer.audience,
    sub: 'isolation',
    shop: 'demo',
    scope: SCOPES.join(' '),
    iat: now,
    exp: now + 600,
  };
  const rs256 = (changes: Record<string, unknown>) =>
    signJwt({ alg: 'RS256', typ: 'JWT', kid }, { ...claims, ...changes }, privateKeyPem);
  const publicPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  const { exp: _exp, ...withoutExp } = claims;
  return [
    { name: 'a token with no scope at all', token: rs256({ scope: '' }), scopedRoutesOnly: true },
    {
      name: 'HS256 signed with the public key (PEM) as secret',
      token: hs256({ typ: 'JWT', kid }, claims, publicPem),
    },
    {
      name: 'HS256 signed with the public key (JWK) as secret',
      token: hs256({ typ: 'JWT', kid }, claims, JSON.stringify(jwks.keys[0])),
    },
    {
      name: 'a token without exp',
      token: signJwt({ alg: 'RS256', typ: 'JWT', kid }, withoutExp, privateKeyPem),
    },
    { name: 'a shop claim as an array', token: rs256({ shop: ['demo'] }) },
    { name: 'a shop claim as a number', token: rs256({ shop: 1 }) },
    { name: 'a shop claim in another case', token: rs256({ shop: 'DEMO' }) },
    { name: 'a token not valid yet (nbf)', token: rs256({ nbf: now + 3600 }) },
    { name: 'an issuer with a trailing slash', token: rs256({ iss: `${devIssuer.issuer}/` }) },
    {
      name: 'alg NONE in capitals, no signature',
      token: `${b64({ alg: 'NONE', typ: 'JWT', kid })}.${b64(claims)}.`,
    },
    {
      name: 'a valid signature with the header alg switched to RS512',
      token: (() => {
        const [, payload, signature] = signDevToken({
          shop: 'demo',
          scope: [...SCOPES],
          privateKeyPem,
          kid,
        }).split('.');
        return `${b64({ alg: 'RS512', typ: 'JWT', kid })}.${payload}.${signature}`;
      })(),
    },
  ];
}
