import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../infra/local/server';
import { resetConfig } from '../../lib/config';
import { type ApiResponse, type CallOptions, call, tokenFor } from '../support/api';
import { BILLING } from '../support/carts';
import { emfProblems } from '../support/emf';
import { clearFaults, injectFaults } from '../support/faults';
import { useLocalTable } from '../support/local-env';
import { captureOutput, jsonLines } from '../support/output';
import { requestCost } from '../support/server-timing';
import { privateDemoShop } from '../support/shops';

/**
 * What a merchant sees in AWS (docs/operations.md): the JSON log lines, the CloudWatch metrics
 * (Embedded Metric Format) in the request line, and the Server-Timing header of every answer. This
 * file runs its own server in this process, with metrics on and a small rate limit, and reads
 * what the process writes while real requests run against a private copy of the demo shop.
 */

const LIMIT = 3;
const saved = ['LOG_LEVEL', 'METRICS', 'LOG_SAMPLE_RATE', 'RATE_LIMIT_PER_HOUR', 'RATE_LIMIT_BLOCK'].map(
  (key) => [key, process.env[key]] as const,
);
let server: LocalServer;
let shop: string;
/** Everything the process writes while this file runs (the server's lines would bury the test output). */
let output: ReturnType<typeof captureOutput>;
const TRACE = '1-5759e988-bd862e3fe1be46a994272793';

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfig();
}

beforeAll(async () => {
  useLocalTable();
  shop = await privateDemoShop('telemetry');
  setEnv({ LOG_LEVEL: 'info', METRICS: 'emf', LOG_SAMPLE_RATE: undefined });
  server = await startLocalServer({ port: 0 });
  output = captureOutput();
});

afterAll(async () => {
  output.stop();
  clearFaults();
  await server.close();
  // Worker processes are reused by later test files: give them back their settings.
  setEnv(Object.fromEntries(saved));
});

/** Runs `act` and returns what it returned with the JSON lines the process wrote meanwhile. */
async function observe<T>(act: () => Promise<T>): Promise<{ result: T; lines: Record<string, any>[] }> {
  const start = output.peek().length;
  try {
    const result = await act();
    return { result, lines: jsonLines(output.peek().slice(start)) };
  } finally {
    clearFaults();
  }
}

/** A call to this file's server, by default with a token of the private shop. */
const api = (path: string, options: CallOptions = {}) =>
  call(`/${shop}${path}`, { baseUrl: server.url, token: tokenFor(shop), ...options });

/** The request line of a response (found by its X-Request-Id). */
function requestLine(lines: Record<string, any>[], response: ApiResponse) {
  const id = response.headers.get('x-request-id');
  const line = lines.find((l) => l.message === 'request' && l.requestId === id);
  if (!line) throw new Error(`no request line for ${id} (${response.status})`);
  return line;
}

/** A cart with a line, the 10 % coupon and a billing address. */
async function orderableCartWithCoupon() {
  const created = await api('/carts', {
    method: 'POST',
    body: { lineItems: [{ productId: 'espresso-beans', quantity: 2 }] },
  });
  const cartToken = created.headers.get('x-service-cart-token') as string;
  const cart = (path: string, options: CallOptions = {}) =>
    api(`/carts/${created.body.cartId}${path}`, { cartToken, ...options });
  expect(
    (
      await cart('/coupon', {
        method: 'POST',
        rawBody: 'code=WELCOME10',
        contentType: 'application/x-www-form-urlencoded',
      })
    ).status,
  ).toBe(200);
  expect((await cart('/billing-address', { method: 'PUT', body: BILLING })).status).toBe(200);
  return { created, cartToken, cart };
}

describe('log lines', () => {
  it('carry the Powertools fields and ours, typed, on every line of a request', async () => {
    // Act
    const { result: response, lines } = await observe(() =>
      api('/products', { headers: { 'x-amzn-trace-id': `Root=${TRACE};Parent=53995c3f42cd8ad8;Sampled=1` } }),
    );

    // Assess
    expect(response.status).toBe(200);
    const line = requestLine(lines, response);
    expect(line).toMatchObject({
      level: 'info',
      message: 'request',
      service: 'shop-api',
      function_name: 'listProducts',
      function_request_id: response.headers.get('x-request-id'),
      xray_trace_id: TRACE,
      shopId: shop,
      route: 'listProducts',
      method: 'GET',
      path: `/${shop}/products`,
      status: 200,
    });
    expect(new Date(line.timestamp).toISOString()).toBe(line.timestamp);
    expect(typeof line.cold_start).toBe('boolean');
    expect(typeof line.requestId).toBe('string');
    expect(line.ms).toBeGreaterThanOrEqual(0);
    for (const l of lines) {
      expect(l).toMatchObject({
        level: expect.any(String),
        message: expect.any(String),
        service: 'shop-api',
      });
      expect(Number.isNaN(Date.parse(l.timestamp))).toBe(false);
    }
  });

  it('follow LOG_LEVEL, and a sampled request logs at debug whatever the level', async () => {
    try {
      // Act: at warn without metrics no request line; with a sample rate of 1 every request is sampled.
      setEnv({ LOG_LEVEL: 'warn', METRICS: 'off' });
      const quiet = await observe(() => api('/shipping-methods'));
      setEnv({ LOG_SAMPLE_RATE: '1' });
      const sampled = await observe(() => api('/shipping-methods'));

      // Assess
      expect(quiet.result.status).toBe(200);
      expect(quiet.lines.filter((l) => l.message === 'request')).toEqual([]);
      expect(requestLine(sampled.lines, sampled.result)).toMatchObject({ level: 'info', sampling_rate: 1 });
      expect(requestLine(sampled.lines, sampled.result)._aws).toBeUndefined();
    } finally {
      setEnv({ LOG_LEVEL: 'info', METRICS: 'emf', LOG_SAMPLE_RATE: undefined });
    }
  });

  it('never hold the token or the cart token', async () => {
    // Act
    const { result, lines } = await observe(orderableCartWithCoupon);

    // Assess
    const text = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(tokenFor(shop));
    expect(text).not.toContain(result.cartToken);
  });
});

describe('metrics (CloudWatch Embedded Metric Format)', () => {
  it('count a created cart with its DynamoDB calls and units, by shopId and route', async () => {
    // Act
    const { result: created, lines } = await observe(() =>
      api('/carts', { method: 'POST', body: { lineItems: [{ productId: 'espresso-beans', quantity: 1 }] } }),
    );

    // Assess
    expect(created.status).toBe(201);
    const line = requestLine(lines, created);
    expect(emfProblems(line)).toEqual([]);
    expect(line._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'ShopApi',
        Dimensions: [['shopId', 'route']],
        Metrics: [
          { Name: 'Latency', Unit: 'Milliseconds' },
          { Name: 'ClientErrors', Unit: 'Count' },
          { Name: 'ServerErrors', Unit: 'Count' },
          { Name: 'DynamoCalls', Unit: 'Count' },
          { Name: 'ReadUnits', Unit: 'Count' },
          { Name: 'WriteUnits', Unit: 'Count' },
        ],
      },
      { Namespace: 'ShopApi', Dimensions: [['shopId']], Metrics: [{ Name: 'CartsCreated', Unit: 'Count' }] },
    ]);
    const cost = requestCost(created.headers.get('server-timing'));
    expect(line).toMatchObject({
      shopId: shop,
      route: 'createCart',
      ClientErrors: 0,
      ServerErrors: 0,
      CartsCreated: 1,
      DynamoCalls: cost.calls,
      ReadUnits: cost.readUnits,
      WriteUnits: cost.writeUnits,
    });
    expect(line.WriteUnits).toBeGreaterThan(0);
    expect(line.Latency).toBeGreaterThan(0);
    expect(Math.abs(line._aws.Timestamp - Date.now())).toBeLessThan(60_000);
  });

  it('count an order with a coupon: OrdersPlaced, CouponsRedeemed and its exact value by currency', async () => {
    // Prepare
    const { cart } = await orderableCartWithCoupon();

    // Act
    const { result: order, lines } = await observe(() => cart('/order', { method: 'POST' }));

    // Assess
    expect(order.status).toBe(201);
    const line = requestLine(lines, order);
    expect(emfProblems(line)).toEqual([]);
    expect(line).toMatchObject({
      route: 'createOrder',
      OrdersPlaced: 1,
      CouponsRedeemed: 1,
      currency: order.body.currencyId,
      OrderValue: Number(order.body.grandTotal),
    });
    expect(String(line.OrderValue)).toBe(order.body.grandTotal.replace(/\.?0+$/, ''));
    // The dimension sets the dashboard reads (lib/telemetry/metric-names.ts).
    expect(line._aws.CloudWatchMetrics.slice(1)).toEqual([
      {
        Namespace: 'ShopApi',
        Dimensions: [['shopId']],
        Metrics: [
          { Name: 'OrdersPlaced', Unit: 'Count' },
          { Name: 'CouponsRedeemed', Unit: 'Count' },
        ],
      },
      {
        Namespace: 'ShopApi',
        Dimensions: [['shopId', 'currency']],
        Metrics: [{ Name: 'OrderValue', Unit: 'None' }],
      },
    ]);
  });

  it('count 4xx, rate-limit refusals and 5xx; an unauthenticated caller is shop "-"', async () => {
    // Prepare: a token of its own for a small rate limit, which it uses up.
    const limited = tokenFor(shop, ['products_read'], 3000 + Math.floor(Math.random() * 500));
    const previousLimit = process.env.RATE_LIMIT_PER_HOUR;

    // Act
    const { result, lines } = await observe(async () => {
      setEnv({ RATE_LIMIT_PER_HOUR: String(LIMIT), RATE_LIMIT_BLOCK: String(LIMIT) });
      let refused: ApiResponse;
      try {
        for (let i = 0; i < LIMIT; i++)
          expect((await api('/shipping-methods', { token: limited })).status).toBe(200);
        refused = await api('/shipping-methods', { token: limited });
      } finally {
        setEnv({ RATE_LIMIT_PER_HOUR: previousLimit, RATE_LIMIT_BLOCK: undefined });
      }
      const notFound = await api('/carts/01ARZ3NDEKTSV4RRFFQ69G5FAV', { cartToken: 'x'.repeat(43) });
      const forbidden = await api('/shipping-methods', { token: tokenFor('demo') });
      injectFaults({ times: Number.POSITIVE_INFINITY, error: () => new Error('injected failure') });
      const failed = await api('/shipping-methods');
      return { notFound, forbidden, refused, failed };
    });

    // Assess
    const { notFound, forbidden, refused, failed } = result;
    expect([notFound.status, forbidden.status, refused.status, failed.status]).toEqual([404, 403, 429, 500]);
    for (const response of Object.values(result))
      expect(emfProblems(requestLine(lines, response))).toEqual([]);
    expect(requestLine(lines, notFound)).toMatchObject({ ClientErrors: 1, ServerErrors: 0, shopId: shop });
    expect(requestLine(lines, forbidden)).toMatchObject({ ClientErrors: 1, ServerErrors: 0, shopId: '-' });
    expect(requestLine(lines, refused)).toMatchObject({ ClientErrors: 1, RateLimitRefusals: 1 });
    expect(requestLine(lines, failed)).toMatchObject({ ClientErrors: 0, ServerErrors: 1, level: 'info' });
  });
});

describe('Server-Timing', () => {
  it('names the DynamoDB calls and units of the work: a cart read is one call', async () => {
    // Prepare
    const { created, cartToken } = await orderableCartWithCoupon();
    const read = () => api(`/carts/${created.body.cartId}`, { cartToken });
    await read();

    // Act: one read alone, then eight side by side (their meters must not mix).
    const { result: alone, lines } = await observe(read);
    const together = await Promise.all(Array.from({ length: 8 }, read));

    // Assess
    expect(alone.status).toBe(200);
    const cost = requestCost(alone.headers.get('server-timing'));
    expect(cost).toMatchObject({ calls: 1, writeUnits: 0 });
    expect(cost.readUnits).toBeGreaterThan(0);
    const line = requestLine(lines, alone);
    expect(line).toMatchObject({ DynamoCalls: 1, ReadUnits: cost.readUnits, WriteUnits: 0 });
    // db + app is the request's time in the function (the request line's ms), rounding aside.
    expect(Math.abs(cost.dbMs + cost.appMs - line.ms)).toBeLessThan(0.2);
    expect(cost.dbMs).toBeGreaterThan(0);
    for (const response of together) {
      expect(response.status).toBe(200);
      expect(requestCost(response.headers.get('server-timing'))).toMatchObject({
        calls: 1,
        readUnits: cost.readUnits,
      });
    }
  });

  it('is on every answer: a cart change, errors and unrouted paths', async () => {
    // Prepare
    const { cart } = await orderableCartWithCoupon();

    // Act
    const changed = await cart('/line-items', {
      method: 'POST',
      body: { productId: 'merino-beanie', quantity: 1 },
    });
    const bad = await cart('/line-items', { method: 'POST', rawBody: '{"productId":' });
    const unrouted = await api('/no-such-thing');

    // Assess
    expect([changed.status, bad.status, unrouted.status]).toEqual([201, 400, 404]);
    // The cart with the catalog version, the product's live stock (it is tracked), the write.
    expect(requestCost(changed.headers.get('server-timing'))).toMatchObject({ calls: 3 });
    expect(requestCost(changed.headers.get('server-timing')).writeUnits).toBeGreaterThan(0);
    expect(requestCost(unrouted.headers.get('server-timing'))).toMatchObject({ calls: 0, dbMs: 0 });
    expect(requestCost(bad.headers.get('server-timing')).calls).toBeLessThanOrEqual(1);
  });
});
