import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDevKeys, signDevToken, signJwt } from '../../infra/local/dev-issuer';
import { devIssuer } from '../../lib/config';
import { SCOPES } from '../../lib/routes';
import { call, tokenFor } from '../support/api';
import { inPool } from '../support/fuzz-http';
import { callSample, dataScopes, type SampleRequest, sampleRequests, succeeded } from '../support/routes';

const { privateKeyPem, kid } = ensureDevKeys();
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const claims = () => ({
  iss: devIssuer.issuer,
  aud: devIssuer.audience,
  sub: 'x',
  shop: 'demo',
  scope: SCOPES.join(' '),
  iat: now(),
  exp: now() + 600,
});

/** Tokens the API must refuse on every route (docs/api-rules.md "Authentication and scopes"). */
const badTokens: [string, () => string | null][] = [
  ['no token', () => null],
  ['a malformed token', () => 'not-a-jwt'],
  [
    'an expired token',
    () => signDevToken({ shop: 'demo', scope: [...SCOPES], expiresIn: -60, privateKeyPem, kid }),
  ],
  ['a token of another shop', () => tokenFor('other')],
  [
    'a token signed by another key under the known kid',
    () => signDevToken({ shop: 'demo', scope: [...SCOPES], privateKeyPem: otherKey, kid }),
  ],
  [
    'a token signed by an unknown key',
    () => signDevToken({ shop: 'demo', scope: [...SCOPES], privateKeyPem: otherKey, kid: 'unknown' }),
  ],
  [
    'a token of another issuer',
    () =>
      signDevToken({ shop: 'demo', scope: [...SCOPES], privateKeyPem, kid, issuer: 'https://evil.example' }),
  ],
  [
    'a token for another audience',
    () => signDevToken({ shop: 'demo', scope: [...SCOPES], privateKeyPem, kid, audience: 'other-api' }),
  ],
  ['an unsigned token (alg none)', () => `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(claims())}.`],
  [
    'a token without shop claim',
    () => signJwt({ alg: 'RS256', typ: 'JWT', kid }, { ...claims(), shop: undefined }, privateKeyPem),
  ],
];

describe('authentication (403 on every route)', () => {
  // One set of samples for every bad token: a refused request consumes nothing (each set made its
  // own webhook, cart, ... in demo: ten sets took most of this file's minute and filled the shop's
  // 20 webhooks for the files after it).
  let samples: SampleRequest[];
  beforeAll(async () => {
    samples = await sampleRequests();
  }, 60_000);

  // 60 s: the first of them can be the first call of every route in the run (a cold twin took 20 s).
  it.each(badTokens)('refuses %s', { timeout: 60_000 }, async (_, makeToken) => {
    // Prepare
    const token = makeToken();

    // Act: a few routes at once (a refused request writes nothing, so they cannot interfere)
    const responses = await inPool(samples, 8, (sample) => callSample(sample, { token }));

    // Assess
    samples.forEach((sample, i) => {
      const response = responses[i] as (typeof responses)[number];
      expect(response.status, sample.route.name).toBe(403);
      expect(response.body).toMatchObject({ status: '403' });
      if (token) expect(response.text).not.toContain(token);
    });
  });
});

describe('scopes', () => {
  it('refuses a token without the route scope and accepts one with it', async () => {
    for (const sample of await sampleRequests()) {
      const scope = sample.route.scope;
      if (!scope) continue;
      const without = SCOPES.filter((s) => s !== scope);

      const refused = await callSample(sample, { token: tokenFor('demo', without) });
      const accepted = await callSample(sample, { token: tokenFor('demo', [scope, ...dataScopes(sample)]) });

      expect(refused.status, sample.route.name).toBe(403);
      expect(refused.body.message).toContain(scope);
      expect(succeeded(accepted.status), `${sample.route.name} ${accepted.status}`).toBe(true);
    }
    // Two requests on each of ~90 routes, one after the other: beside the rehearsal and two other
    // files on a busy host, more than the default 20 s.
  }, 60_000);

  it("accepts scopes under the resource server's prefix, never under another", async () => {
    const token = signDevToken({ shop: 'demo', scope: 'shop-api/products_read', privateKeyPem, kid });
    const foreign = signDevToken({ shop: 'demo', scope: 'evil/webhooks_read', privateKeyPem, kid });

    const response = await call('/demo/products', { token });
    const refused = await call('/demo/webhooks', { token: foreign });

    expect(response.status).toBe(200);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: '403', message: 'Missing scope webhooks_read' });
  });

  it('refuses a token that lives longer than a day (a leaked token is worth a day at most)', async () => {
    const day = signDevToken({ shop: 'demo', scope: 'products_read', expiresIn: 86_400, privateKeyPem, kid });
    const week = signDevToken({
      shop: 'demo',
      scope: 'products_read',
      expiresIn: 7 * 86_400,
      privateKeyPem,
      kid,
    });

    const accepted = await call('/demo/products', { token: day });
    const refused = await call('/demo/products', { token: week });

    expect(accepted.status).toBe(200);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: '403', message: 'Token lives longer than 86400 s' });
  });

  it('lets any valid token of the shop create and read carts (no scope needed)', async () => {
    const token = tokenFor('demo', []);

    const created = await call('/demo/carts', { method: 'POST', token, body: {} });
    const read = await call(`/demo/carts/${created.body.cartId}`, {
      token,
      cartToken: created.headers.get('x-service-cart-token') ?? '',
    });

    expect(created.status).toBe(201);
    expect(read.status).toBe(200);
  });
});
