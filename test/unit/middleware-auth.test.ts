import { createHmac, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../lib/config';
import { HttpError } from '../../lib/http/errors';
import { auth, hasScope } from '../../lib/http/middleware/auth';
import type { Route } from '../../lib/routes';
import { routes } from '../../lib/routes';
import { eventWith, middyRequest } from './support/api-event';

const ISSUER = 'https://issuer.unit.test';
const AUDIENCE = 'shop-api-unit';
const KID = 'unit-key-1';

const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dir = mkdtempSync(join(tmpdir(), 'auth-unit-'));
const saved = { ...process.env };

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** An RS256 JWT signed with node:crypto, header `{alg, typ, kid}`. */
function signRs256(payload: Record<string, unknown>, key: KeyObject = signingKey.privateKey, kid = KID) {
  const input = `${b64url({ alg: 'RS256', typ: 'JWT', kid })}.${b64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key).toString('base64url');
  return `${input}.${signature}`;
}

/** Claims of a valid token for shop demo; `overrides` replace or (with undefined) drop claims. */
function claims(overrides: Record<string, unknown> = {}) {
  const base: Record<string, unknown> = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'client-1',
    shop: 'demo',
    scope: 'products_read carts_read',
    iat: now() - 10,
    exp: now() + 600,
    ...overrides,
  };
  for (const key of Object.keys(base)) if (base[key] === undefined) delete base[key];
  return base;
}

/** Runs the auth middleware's before step for a route and an Authorization header. */
async function authorize(route: Route, authorization: string | undefined, shopId = 'demo') {
  const event = eventWith('products/list-products', { headers: { authorization } });
  event.pathParameters = { ...event.pathParameters, shopId };
  const request = middyRequest(event);
  await auth(route).before?.(request);
  return request.context.api.principal;
}

/** The HttpError a rejected authorization throws. */
async function refusal(route: Route, authorization: string | undefined, shopId = 'demo'): Promise<HttpError> {
  try {
    await authorize(route, authorization, shopId);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

beforeAll(() => {
  const jwk = signingKey.publicKey.export({ format: 'jwk' });
  const jwksFile = join(dir, 'jwks.json');
  writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...jwk, kid: KID, alg: 'RS256', use: 'sig' }] }));
  process.env.AUTH_JWKS_FILE = jwksFile;
  process.env.AUTH_ISSUER = ISSUER;
  process.env.AUTH_AUDIENCE = AUDIENCE;
  process.env.LOG_LEVEL = 'silent';
  resetConfig();
});

afterAll(() => {
  for (const key of ['AUTH_JWKS_FILE', 'AUTH_ISSUER', 'AUTH_AUDIENCE', 'LOG_LEVEL'])
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  resetConfig();
  rmSync(dir, { recursive: true, force: true });
});

describe('auth with a valid token', () => {
  it('sets the principal with shop, subject and scopes', async () => {
    // Prepare
    const token = signRs256(claims());

    // Act
    const principal = await authorize(routes.listProducts, `Bearer ${token}`);

    // Assess
    expect(principal?.shopId).toBe('demo');
    expect(principal?.subject).toBe('client-1');
    expect([...(principal?.scopes ?? [])]).toEqual(['products_read', 'carts_read']);
  });

  it('strips the configured resource-server prefix only: a scope under another prefix grants nothing', async () => {
    // Prepare
    const token = signRs256(
      claims({ scope: 'shop-api/products_read https://api.example/x/carts_read evil/orders_read' }),
    );

    // Act
    const principal = await authorize(routes.listProducts, `Bearer ${token}`);

    // Assess
    expect(hasScope(principal, 'products_read')).toBe(true);
    expect(hasScope(principal, 'carts_read')).toBe(false);
    expect(hasScope(principal, 'orders_read')).toBe(false);
    expect(hasScope(principal, 'shop-api/products_read')).toBe(false);
  });

  it('accepts a token of a day, the longest allowed by default', async () => {
    const token = signRs256(claims({ iat: now() - 10, exp: now() - 10 + 86_400 }));

    expect((await authorize(routes.listProducts, `Bearer ${token}`))?.shopId).toBe('demo');
  });

  it('accepts any valid token of the shop on a route without scope', async () => {
    // Prepare
    const token = signRs256(claims({ scope: undefined }));

    // Act
    const principal = await authorize(routes.createCart, `Bearer ${token}`);

    // Assess
    expect(principal?.scopes.size).toBe(0);
  });

  it('accepts the scheme in any case and surrounding spaces', async () => {
    // Prepare
    const token = signRs256(claims());

    // Act
    const principal = await authorize(routes.listProducts, `bearer   ${token}  `);

    // Assess
    expect(principal?.shopId).toBe('demo');
  });
});

describe('auth refusals (403, message never names the token)', () => {
  const cases: [string, () => string | undefined, string | RegExp][] = [
    ['missing header', () => undefined, 'Missing bearer token'],
    ['empty header', () => '', 'Missing bearer token'],
    ['not Bearer', () => `Basic ${Buffer.from('user:pass').toString('base64')}`, 'Missing bearer token'],
    ['Bearer without token', () => 'Bearer ', 'Missing bearer token'],
    ['token with a space', () => `Bearer ${signRs256(claims())} extra`, 'Missing bearer token'],
    ['malformed: one part', () => 'Bearer not-a-jwt', 'Invalid token'],
    ['malformed: three junk parts', () => 'Bearer a.b.c', 'Invalid token'],
    [
      'malformed: header not JSON',
      () => `Bearer ${Buffer.from('{x').toString('base64url')}.e30.sig`,
      'Invalid token',
    ],
    ['malformed: header an array', () => `Bearer ${b64url([1])}.${b64url(claims())}.sig`, 'Invalid token'],
    [
      'malformed: payload not JSON',
      () => `Bearer ${b64url({ alg: 'RS256', kid: KID })}.bm90anNvbg.sig`,
      'Invalid token',
    ],
    ['expired', () => `Bearer ${signRs256(claims({ exp: now() - 60 }))}`, 'Token expired'],
    [
      'living longer than a day',
      () => `Bearer ${signRs256(claims({ iat: now() - 10, exp: now() + 86_400 }))}`,
      'Token lives longer than 86400 s',
    ],
    [
      'without iat, expiring in more than a day',
      () => `Bearer ${signRs256(claims({ iat: undefined, exp: now() + 90_000 }))}`,
      'Token lives longer than 86400 s',
    ],
    ['not yet valid', () => `Bearer ${signRs256(claims({ nbf: now() + 600 }))}`, 'Invalid token'],
    // RFC 9068 2.2: exp is REQUIRED in JWT access tokens; without it a leaked token never expires.
    ['without exp', () => `Bearer ${signRs256(claims({ exp: undefined }))}`, /./],
    ['wrong issuer', () => `Bearer ${signRs256(claims({ iss: 'https://evil.example' }))}`, 'Invalid token'],
    ['wrong audience', () => `Bearer ${signRs256(claims({ aud: 'another-api' }))}`, 'Invalid token'],
    ['no audience', () => `Bearer ${signRs256(claims({ aud: undefined }))}`, 'Invalid token'],
    [
      'signed by another key under an unknown kid',
      () => `Bearer ${signRs256(claims(), otherKey.privateKey, 'other-kid')}`,
      'Invalid token',
    ],
    [
      'signed by another key under the same kid',
      () => `Bearer ${signRs256(claims(), otherKey.privateKey, KID)}`,
      'Invalid token',
    ],
    ['without kid', () => `Bearer ${signRs256(claims(), signingKey.privateKey, '')}`, 'Invalid token'],
    [
      'alg none',
      () => `Bearer ${b64url({ alg: 'none', typ: 'JWT', kid: KID })}.${b64url(claims())}.`,
      'Invalid token',
    ],
    [
      'alg none with a copied signature',
      () => {
        const [, , signature] = signRs256(claims()).split('.');
        return `Bearer ${b64url({ alg: 'none', typ: 'JWT', kid: KID })}.${b64url(claims())}.${signature}`;
      },
      'Invalid token',
    ],
    [
      'HS256 signed with the public key PEM as secret',
      () => {
        const pem = signingKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();
        const input = `${b64url({ alg: 'HS256', typ: 'JWT', kid: KID })}.${b64url(claims())}`;
        return `Bearer ${input}.${createHmac('sha256', pem).update(input).digest('base64url')}`;
      },
      'Invalid token',
    ],
    [
      'tampered payload',
      () => {
        const [header, , signature] = signRs256(claims()).split('.');
        return `Bearer ${header}.${b64url(claims({ shop: 'demo', scope: 'products_write' }))}.${signature}`;
      },
      'Invalid token',
    ],
    [
      'token without shop claim',
      () => `Bearer ${signRs256(claims({ shop: undefined }))}`,
      'Token has no shop claim',
    ],
    [
      'shop claim not a string',
      () => `Bearer ${signRs256(claims({ shop: ['demo'] }))}`,
      'Token has no shop claim',
    ],
    [
      'other shop',
      () => `Bearer ${signRs256(claims({ shop: 'other' }))}`,
      'Token is not valid for this shop',
    ],
    [
      'missing scope',
      () => `Bearer ${signRs256(claims({ scope: 'carts_read' }))}`,
      'Missing scope products_read',
    ],
    [
      'scope only as a substring',
      () => `Bearer ${signRs256(claims({ scope: 'products_readonly xproducts_read' }))}`,
      'Missing scope products_read',
    ],
  ];

  for (const [name, header, message] of cases) {
    it(`refuses: ${name}`, async () => {
      // Prepare
      const authorization = header();
      const token = authorization?.replace(/^\S+\s*/, '').trim();

      // Act
      const error = await refusal(routes.listProducts, authorization);

      // Assess
      expect(error.status).toBe(403);
      expect(error.message).toMatch(message);
      if (token) {
        expect(error.message).not.toContain(token);
        for (const part of token.split('.').filter((p) => p.length > 8))
          expect(error.message).not.toContain(part);
      }
    });
  }

  it('refuses a token of another shop even with every scope', async () => {
    // Prepare
    const token = signRs256(claims({ shop: 'other', scope: 'products_read products_write carts_read' }));

    // Act
    const error = await refusal(routes.listProducts, `Bearer ${token}`, 'demo');

    // Assess
    expect(error.status).toBe(403);
    expect(error.message).toBe('Token is not valid for this shop');
  });

  it('refuses when the path has no shop', async () => {
    // Prepare
    const token = signRs256(claims());

    // Act
    const error = await refusal(routes.listProducts, `Bearer ${token}`, '');

    // Assess
    expect(error.status).toBe(403);
  });

  it('does not let a token that fails verification reach the principal', async () => {
    // Prepare
    const event = eventWith('products/list-products', {
      headers: { authorization: `Bearer ${signRs256(claims(), otherKey.privateKey)}` },
    });
    const request = middyRequest(event);

    // Act
    const outcome = Promise.resolve(auth(routes.listProducts).before?.(request));

    // Assess
    await expect(outcome).rejects.toBeInstanceOf(HttpError);
    expect(request.context.api.principal).toBeUndefined();
  });
});

describe('hasScope', () => {
  it('answers false without a principal', () => {
    // Prepare
    const principal = undefined;

    // Act
    const result = hasScope(principal, 'products_write');

    // Assess
    expect(result).toBe(false);
  });
});

describe('auth with a client allow-list (an external issuer)', () => {
  beforeAll(() => {
    process.env.AUTH_CLIENT_IDS = 'shop-erp,shop-console';
    resetConfig();
  });
  afterAll(() => {
    delete process.env.AUTH_CLIENT_IDS;
    resetConfig();
  });

  it('accepts a token whose client_id or azp is listed', async () => {
    const byClientId = signRs256(claims({ client_id: 'shop-erp' }));
    const byAzp = signRs256(claims({ azp: 'shop-console' }));

    expect((await authorize(routes.listProducts, `Bearer ${byClientId}`))?.shopId).toBe('demo');
    expect((await authorize(routes.listProducts, `Bearer ${byAzp}`))?.shopId).toBe('demo');
  });

  it("refuses another client's token, and one naming no client", async () => {
    const other = await refusal(
      routes.listProducts,
      `Bearer ${signRs256(claims({ client_id: 'someone-else' }))}`,
    );
    const none = await refusal(routes.listProducts, `Bearer ${signRs256(claims())}`);

    expect([other.status, none.status]).toEqual([403, 403]);
    expect(other.message).toBe('Token is not from an allowed client');
    expect(none.message).toBe('Token is not from an allowed client');
  });
});
