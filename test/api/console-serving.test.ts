import { describe, expect, inject, it } from 'vitest';
import { tokenClaims } from '../../console/src/auth/pkce';

/**
 * The twin's serving of the merchant console at /admin (docs/console.md "On the twin"): the
 * CloudFront behaviour copied (index.html for every app path, never cached; hashed assets
 * immutable), the twin's config.json and its local sign-in, which exists only here.
 */

function get(path: string, init: RequestInit = {}) {
  return fetch(`${inject('apiUrl')}${path}`, { redirect: 'manual', ...init });
}

function signIn(body: unknown) {
  return get('/admin/local-sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the console on the twin', () => {
  it('answers index.html for the app paths, uncached, and its hashed assets immutable', async () => {
    // Act
    const bare = await get('/admin');
    const deep = await get('/admin/orders/01ABC');
    const html = await deep.text();
    const script = /src="(\/admin\/assets\/main-[A-Z0-9]+\.js)"/.exec(html)?.[1] ?? '';
    const asset = await get(script);
    const missing = await get('/admin/assets/main-NOPE.js');

    // Assess
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/admin/');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(script).not.toBe('');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await asset.text()).length).toBeGreaterThan(1000);
    expect(missing.status).toBe(404);
  });

  it('serves its config.json: same-origin API, the demo shop, the local sign-in', async () => {
    // Act
    const response = await get('/admin/config.json');

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      apiUrl: '',
      shop: 'demo',
      signIn: { kind: 'local', tokenUrl: '/admin/local-sign-in' },
    });
  });

  it('signs in locally: every merchant scope, or the read scopes only, for the shop typed in', async () => {
    // Act
    const all = await signIn({ shop: 'demo', access: 'all' });
    const read = await signIn({ shop: 'other', access: 'read' });
    const allBody = (await all.json()) as any;
    const readBody = (await read.json()) as any;
    const readClaims = tokenClaims(readBody.accessToken);
    const orders = await get('/other/orders', {
      headers: { accept: 'application/vnd.service.v1+json', authorization: `Bearer ${readBody.accessToken}` },
    });
    const patch = await get('/other/orders/nope', {
      method: 'PATCH',
      headers: {
        accept: 'application/vnd.service.v1+json',
        'content-type': 'application/json',
        authorization: `Bearer ${readBody.accessToken}`,
      },
      body: '[]',
    });

    // Assess
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(tokenClaims(allBody.accessToken)).toMatchObject({ shop: 'demo' });
    expect(allBody.scope.split(' ')).toContain('orders_write');
    expect(readClaims).toMatchObject({ shop: 'other', sub: 'local-console' });
    expect(
      String(readClaims.scope)
        .split(' ')
        .every((s) => s.endsWith('_read')),
    ).toBe(true);
    expect(readBody.expiresIn).toBe(8 * 3600);
    expect(orders.status).toBe(200);
    expect(patch.status).toBe(403);
  });

  it('refuses a sign-in without a valid shop id, and any method but POST', async () => {
    // Act
    const badShop = await signIn({ shop: 'no/slash' });
    const notJson = await get('/admin/local-sign-in', { method: 'POST', body: '{' });
    const viaGet = await get('/admin/local-sign-in');

    // Assess
    expect(badShop.status).toBe(400);
    expect(((await badShop.json()) as any).message).toMatch(/shop id/);
    expect(notJson.status).toBe(400);
    expect(viaGet.status).toBe(405);
  });
});
