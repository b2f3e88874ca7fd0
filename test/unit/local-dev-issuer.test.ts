import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDevKeys, signDevToken, signJwt } from '../../infra/local/dev-issuer';
import { devIssuer } from '../../lib/config';

const dir = mkdtempSync(join(tmpdir(), 'dev-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function verifierFor(jwks: ReturnType<typeof ensureDevKeys>['jwks']) {
  const verifier = JwtRsaVerifier.create({
    issuer: devIssuer.issuer,
    audience: devIssuer.audience,
    jwksUri: 'http://unused.invalid/jwks.json',
  });
  verifier.cacheJwks(jwks);
  return verifier;
}

describe('dev issuer keys', () => {
  it('creates the key pair once and reuses it', () => {
    const first = ensureDevKeys(dir);
    const second = ensureDevKeys(dir);
    expect(second.privateKeyPem).toBe(first.privateKeyPem);
    expect(second.kid).toBe(first.kid);
    expect(second.jwks).toEqual(first.jwks);
    expect(statSync(join(dir, 'private.pem')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(first.jwksFile, 'utf8'))).toEqual(first.jwks);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: first.kid });
    expect(first.jwks.keys[0]).not.toHaveProperty('d');
  });

  it('reads DEV_KEYS_DIR when no folder is given', () => {
    const before = process.env.DEV_KEYS_DIR;
    process.env.DEV_KEYS_DIR = dir;
    try {
      expect(ensureDevKeys().jwksFile).toBe(join(dir, 'jwks.json'));
    } finally {
      if (before === undefined) delete process.env.DEV_KEYS_DIR;
      else process.env.DEV_KEYS_DIR = before;
    }
  });
});

describe('dev tokens', () => {
  const keys = ensureDevKeys(dir);
  const verifier = verifierFor(keys.jwks);

  it('verify with aws-jwt-verify and carry the claims', () => {
    const token = signDevToken({
      shop: 'demo',
      scope: ['carts_read', 'orders_write'],
      privateKeyPem: keys.privateKeyPem,
    });
    const payload = verifier.verifySync(token);
    expect(payload).toMatchObject({
      iss: devIssuer.issuer,
      aud: devIssuer.audience,
      sub: 'dev-user',
      shop: 'demo',
      scope: 'carts_read orders_write',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(typeof payload.jti).toBe('string');
    const header = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString());
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: keys.kid });
  });

  it('gives every token its own jti', () => {
    const a = verifier.verifySync(
      signDevToken({ shop: 'demo', scope: '', privateKeyPem: keys.privateKeyPem }),
    );
    const b = verifier.verifySync(
      signDevToken({ shop: 'demo', scope: '', privateKeyPem: keys.privateKeyPem }),
    );
    expect(a.jti).not.toBe(b.jti);
  });

  it('rejects an expired token', () => {
    const token = signDevToken({
      shop: 'demo',
      scope: 'carts_read',
      expiresIn: -60,
      privateKeyPem: keys.privateKeyPem,
    });
    expect(() => verifier.verifySync(token)).toThrow(/expired/i);
  });

  it('rejects another issuer and another key', () => {
    const wrongIssuer = signDevToken({
      shop: 'demo',
      scope: 'carts_read',
      issuer: 'https://elsewhere.example',
      privateKeyPem: keys.privateKeyPem,
    });
    expect(() => verifier.verifySync(wrongIssuer)).toThrow();
    const otherDir = mkdtempSync(join(tmpdir(), 'dev-keys-other-'));
    try {
      const other = ensureDevKeys(otherDir);
      const forged = signJwt(
        { alg: 'RS256', typ: 'JWT', kid: keys.kid },
        { iss: devIssuer.issuer, aud: devIssuer.audience, sub: 'x', exp: Math.floor(Date.now() / 1000) + 60 },
        other.privateKeyPem,
      );
      expect(() => verifier.verifySync(forged)).toThrow();
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
