import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { call } from '../support/api';

/** The API's description and the local docs page (docs/api-reference.md "The docs page"). */

const repoDocument = () => JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));

describe('GET /openapi.json', () => {
  it('answers the repository root openapi.json to anyone: no token, plain JSON Accept', async () => {
    // Act
    const response = await call('/openapi.json', { token: null, accept: 'application/json' });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.body).toEqual(repoDocument());
  });

  it('is not the shop "openapi.json": without any Accept it still answers the document, not 403 or 406', async () => {
    // Act
    const response = await call('/openapi.json', { token: null, accept: null });

    // Assess
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
  });

  it('answers other methods 405 with Allow: GET', async () => {
    // Act
    const response = await call('/openapi.json', { method: 'POST', token: null });

    // Assess
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('GET /docs (local twin only)', () => {
  it('serves the Swagger UI page and its assets from node_modules, without a token', async () => {
    // Prepare
    const api = inject('apiUrl');

    // Act
    const page = await fetch(`${api}/docs`);
    const html = await page.text();
    const bundle = await fetch(`${api}/docs/swagger-ui-bundle.js`);
    const initializer = await (await fetch(`${api}/docs/swagger-initializer.js`)).text();

    // Assess
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<div id="swagger-ui"></div>');
    expect(html).toContain('npm run --silent token');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(Number(bundle.headers.get('content-length'))).toBeGreaterThan(100_000);
    expect(initializer).toContain("url: '/openapi.json'");
  });

  it("serves nothing else under /docs: an unknown file is the API's own 404", async () => {
    // Act
    const response = await call('/docs/package.json', { token: null });

    // Assess
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: '404', message: 'No such resource' });
  });
});
