import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDevKeys, signDevToken } from '../../infra/local/dev-issuer';
import { type LocalServer, startLocalServer } from '../../infra/local/server';
import { resetConfig } from '../../lib/config';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { SCOPES } from '../../lib/routes';
import { tokenFor } from '../support/api';
import { BILLING } from '../support/carts';
import { clearFaults, injectFaults } from '../support/faults';
import { useLocalTable } from '../support/local-env';
import { captureOutput } from '../support/output';

/**
 * Logs never hold secrets (hardening): this file runs its own server in this process at debug
 * level (the shared one logs in the main process, out of a worker's reach), captures everything
 * the process writes to stdout and stderr while a cart flow, auth failures and failing
 * dependencies run, and looks for tokens in it.
 */

let server: LocalServer;
const previousLevel = process.env.LOG_LEVEL;

beforeAll(async () => {
  useLocalTable();
  process.env.LOG_LEVEL = 'debug';
  resetConfig();
  server = await startLocalServer({ port: 0 });
});

afterAll(async () => {
  clearFaults();
  await server.close();
  if (previousLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = previousLevel;
  resetConfig();
});

interface Sent {
  status: number;
  headers: Headers;
  body: any;
}

/** Sends a request and remembers every secret it carried. */
function client(secrets: Set<string>) {
  return async (
    path: string,
    options: {
      method?: string;
      token?: string;
      cartToken?: string;
      body?: unknown;
      form?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Sent> => {
    const token = options.token ?? tokenFor('demo');
    const headers: Record<string, string> = {
      accept: MEDIA_TYPE_V1,
      authorization: `Bearer ${token}`,
      ...options.headers,
    };
    secrets.add(token);
    secrets.add(headers.authorization as string);
    if (options.cartToken !== undefined) {
      headers['x-service-cart-token'] = options.cartToken;
      secrets.add(options.cartToken);
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (options.form !== undefined) {
      body = options.form;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await fetch(`${server.url}${path}`, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    const cartToken = response.headers.get('x-service-cart-token');
    if (cartToken) secrets.add(cartToken);
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
}

describe('logs', () => {
  it('hold no JWT, no cart token and no Authorization value, at debug level, errors included', async () => {
    // Prepare
    const secrets = new Set<string>();
    const api = client(secrets);
    const { privateKeyPem, kid } = ensureDevKeys();
    const output = captureOutput();
    const statuses: number[] = [];
    let text = '';
    try {
      // Act: a whole purchase...
      const created = await api('/demo/carts', {
        method: 'POST',
        body: { lineItems: [{ productId: 'espresso-beans', quantity: 2 }] },
        headers: { 'idempotency-key': `logs-${Date.now()}` },
      });
      const cartId = created.body.cartId as string;
      const cartToken = created.headers.get('x-service-cart-token') as string;
      const cart = (suffix: string, options: Parameters<typeof api>[1] = {}) =>
        api(`/demo/carts/${cartId}${suffix}`, { cartToken, ...options });
      statuses.push(
        created.status,
        (await cart('/line-items', { method: 'POST', body: { productId: 'merino-beanie', quantity: 1 } }))
          .status,
        (await cart('/coupon', { method: 'POST', form: 'code=WELCOME10' })).status,
        (await cart('/billing-address', { method: 'PUT', body: BILLING })).status,
        (await cart('')).status,
      );
      const order = await cart('/order', {
        method: 'POST',
        headers: { 'idempotency-key': `logs-order-${Date.now()}` },
      });
      const invoice = await api(`/demo/orders/${order.body.orderId}/documents`, {
        method: 'POST',
        body: { documentType: 'Invoice' },
      });
      statuses.push(order.status, invoice.status);
      // ...refusals: forged, expired, foreign and missing tokens, wrong cart tokens, bad bodies...
      const refused = [
        await api('/demo/products', {
          token: signDevToken({ shop: 'demo', scope: [...SCOPES], expiresIn: -60, privateKeyPem, kid }),
        }),
        await api('/demo/products', { token: `${tokenFor('demo').slice(0, -4)}AAAA` }),
        await api('/demo/products', { token: tokenFor('other') }),
        await api('/demo/orders', { token: tokenFor('demo', ['products_read']) }),
        await cart('', { cartToken: `${cartToken.slice(0, -2)}xx` }),
        await api(`/demo/carts/${cartId}`),
        // Not on the (ordered) cart: it answers 410 before it reads a body (docs/decisions.md "Check order").
        await api('/demo/carts', { method: 'POST', body: '{"productId":' }),
        await cart('', { method: 'DELETE' }),
      ];
      statuses.push(...refused.map((r) => r.status));
      // ...and failing dependencies: an unexpected error (500) and throttling past the retries (503).
      const fresh = await api('/demo/carts', { method: 'POST', body: {} });
      const freshToken = fresh.headers.get('x-service-cart-token') as string;
      injectFaults({ times: Number.POSITIVE_INFINITY, error: () => new Error('injected failure') });
      const failed = await api(`/demo/carts/${fresh.body.cartId}`, { cartToken: freshToken });
      injectFaults({ times: Number.POSITIVE_INFINITY });
      const throttled = await api(`/demo/carts/${fresh.body.cartId}`, { cartToken: freshToken });
      clearFaults();
      statuses.push(failed.status, throttled.status);
    } finally {
      clearFaults();
      text = output.stop();
    }

    // Assess: the flow ran as planned and was logged...
    expect(statuses.slice(0, -2)).toEqual([
      201, 201, 200, 200, 200, 201, 201, 403, 403, 403, 403, 403, 403, 400, 405,
    ]);
    expect(statuses.slice(-2).every((status) => status >= 500)).toBe(true);
    expect(text).toContain('"message":"request"');
    expect(text).toMatch(/"level":"(error|warn)".*injected failure/);
    expect(text).toMatch(/"level":"(error|warn)".*injected throttling/);
    // ...without a single secret.
    const found = [...secrets].filter((secret) => text.includes(secret));
    expect(found.map((s) => `${s.slice(0, 12)}…`)).toEqual([]);
    expect(text).not.toMatch(/eyJ[\w-]{10,}\.[\w-]+/);
    expect(text).not.toMatch(/bearer\s+\S/i);
  });
});
