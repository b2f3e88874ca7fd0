import { createSign, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../lib/config';
import { HttpError } from '../../lib/http/errors';
import { auth } from '../../lib/http/middleware/auth';
import { routes } from '../../lib/routes';
import { eventWith, middyRequest } from './support/api-event';

/**
 * The auth middleware keeps verified tokens so a repeated token skips the signature check (issue
 * "Performance"); these tests show that nothing but the very token that passed is served from it,
 * and never past its expiry.
 */

const ISSUER = 'https://issuer.cache.test';
const AUDIENCE = 'shop-api-cache';
const KID = 'cache-key-1';
const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dir = mkdtempSync(join(tmpdir(), 'auth-cache-'));
const saved = { ...process.env };
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function token(expiresInSeconds: number): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'c',
    shop: 'demo',
    scope: 'products_read',
    iat: now,
    exp: now + expiresInSeconds,
  };
  const input = `${b64url({ alg: 'RS256', typ: 'JWT', kid: KID })}.${b64url(claims)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(signingKey.privateKey).toString('base64url')}`;
}

async function outcome(jwt: string): Promise<string> {
  const event = eventWith('products/list-products', { headers: { authorization: `Bearer ${jwt}` } });
  event.pathParameters = { ...event.pathParameters, shopId: 'demo' };
  try {
    await auth(routes.listProducts).before?.(middyRequest(event));
    return 'allowed';
  } catch (error) {
    if (error instanceof HttpError) return `${error.status} ${error.message}`;
    throw error;
  }
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

afterEach(() => {
  vi.useRealTimers();
});

afterAll(() => {
  for (const key of ['AUTH_JWKS_FILE', 'AUTH_ISSUER', 'AUTH_AUDIENCE', 'LOG_LEVEL'])
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  resetConfig();
  rmSync(dir, { recursive: true, force: true });
});

describe('verified tokens kept by the auth middleware', () => {
  it('refuses a token once it expires, although it was accepted before', async () => {
    // Prepare
    vi.useFakeTimers({ toFake: ['Date'] });
    const jwt = token(60);
    const first = await outcome(jwt);

    // Act
    vi.setSystemTime(Date.now() + 61_000);
    const later = await outcome(jwt);

    // Assess
    expect(first).toBe('allowed');
    expect(later).toBe('403 Token expired');
  });

  it('refuses a token whose signature was changed after the original was accepted', async () => {
    // Prepare
    const jwt = token(600);
    const first = await outcome(jwt);
    const signature = jwt.slice(jwt.lastIndexOf('.') + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;

    // Act
    const forged = await outcome(`${jwt.slice(0, jwt.lastIndexOf('.') + 1)}${flipped}`);

    // Assess
    expect(first).toBe('allowed');
    expect(forged).toBe('403 Invalid token');
  });

  it('accepts the same token again while it is valid', async () => {
    // Prepare
    const jwt = token(600);
    await outcome(jwt);

    // Act
    const again = await outcome(jwt);

    // Assess
    expect(again).toBe('allowed');
  });
});
