import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { readShopFile } from '../../infra/local/import-file';
import { startLocalServer } from '../../infra/local/server';
import { resetConfig } from '../../lib/config';
import { forgetCatalogs } from '../../lib/data/catalog/catalog-repository';
import { createTableIfMissing } from '../../lib/data/create-table';
import { importShop } from '../../lib/data/import-shop';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { tokenFor } from '../support/api';
import { BILLING } from '../support/carts';
import { clearFaults, injectFaults } from '../support/faults';
import { useLocalTable } from '../support/local-env';
import { privateDemoShop } from '../support/shops';

/**
 * Failing dependencies: DynamoDB throttling (injected inside the SDK's retry loop) and a DynamoDB
 * Local that dies. This file runs its own server so the faults stay in this process.
 */
let server: Awaited<ReturnType<typeof startLocalServer>>;
const api = (
  path: string,
  init: { method?: string; body?: unknown; cartToken?: string; shop?: string; idempotencyKey?: string } = {},
) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: MEDIA_TYPE_V1,
      authorization: `Bearer ${tokenFor(init.shop ?? 'demo')}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.cartToken ? { 'x-service-cart-token': init.cartToken } : {}),
      ...(init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  }).then(async (r) => ({ status: r.status, headers: r.headers, body: (await r.json()) as any }));

beforeAll(async () => {
  useLocalTable();
  server = await startLocalServer({ port: 0 });
});
afterEach(() => clearFaults());
afterAll(async () => {
  await server.close();
});

describe('DynamoDB throttling', () => {
  it('is retried with backoff inside the SDK: a short burst is invisible to the client', async () => {
    const faults = injectFaults({ times: 2 });

    const response = await api('/demo/shipping-methods');

    expect(response.status).toBe(200);
    expect(faults.failed()).toBe(2);
  });

  it('answers 503 with Retry-After and the JSON error body once retries are spent', async () => {
    const faults = injectFaults({ times: Number.POSITIVE_INFINITY });
    const started = Date.now();

    const response = await api('/demo/shipping-methods');

    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.get('x-service-media-type')).toBe(MEDIA_TYPE_V1);
    expect(response.body).toEqual({
      status: '503',
      message: 'Service Unavailable',
      requestId: expect.any(String),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(faults.failed()).toBe(3); // the SDK's three attempts
  });

  it('answers a refused catalog read while its early version read still fails, and serves on', async () => {
    // The catalog version read starts before validation (lib/http/middleware/early-read.ts).
    const faults = injectFaults({ commands: ['GetItemCommand'], times: Number.POSITIVE_INFINITY });

    const refused = await api('/demo/products?resultsPerPage=many');
    // The version read's three attempts (and, when the live stock is due, its refresh's too).
    await vi.waitFor(() => expect(faults.failed()).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await new Promise((settled) => setTimeout(settled, 100));
    clearFaults();
    const after = await api('/demo/products');

    expect(refused.status).toBe(400);
    expect(after.status).toBe(200);
  });

  it('leaves a cart orderable and no order behind when the checkout transaction fails', async () => {
    // Prepare: a shop of its own, so no other test file's checkout moves its order count meanwhile
    const shop = await privateDemoShop('txfault');
    const created = await api(`/${shop}/carts`, {
      shop,
      method: 'POST',
      body: { lineItems: [{ productId: 'espresso-beans', quantity: 2 }] },
    });
    const cartToken = created.headers.get('x-service-cart-token') as string;
    const cart = `/${shop}/carts/${created.body.cartId}`;
    await api(`${cart}/billing-address`, { shop, method: 'PUT', body: BILLING, cartToken });
    const ordersBefore = (await api(`/${shop}/orders?resultsPerPage=1`, { shop })).body.results;
    // The order's transaction fails in the SDK's three attempts (the release of its stock after it goes through).
    const faults = injectFaults({ commands: ['TransactWriteItemsCommand'], times: 3 });

    // Act
    const failed = await api(`${cart}/order`, { shop, method: 'POST', cartToken });
    clearFaults();
    const stillOpen = await api(cart, { shop, cartToken });
    const ordersBetween = (await api(`/${shop}/orders?resultsPerPage=1`, { shop })).body.results;
    const retried = await api(`${cart}/order`, { shop, method: 'POST', cartToken });

    // Assess
    expect(failed.status).toBe(503);
    expect(faults.failed()).toBe(3);
    expect(stillOpen.status).toBe(200);
    expect(ordersBetween).toBe(ordersBefore);
    expect(retried.status).toBe(201);
  });

  it('never reuses the order number of a checkout that failed: the next order leaves a gap', async () => {
    // Prepare: a shop of its own, so no other test file takes numbers in between
    const shop = await privateDemoShop('gap');
    const orderable = async () => {
      const created = await api(`/${shop}/carts`, {
        method: 'POST',
        body: { lineItems: [{ productId: 'espresso-beans', quantity: 2 }] },
        shop,
      });
      const cartToken = created.headers.get('x-service-cart-token') as string;
      const path = `/${shop}/carts/${created.body.cartId}`;
      await api(`${path}/billing-address`, { method: 'PUT', body: BILLING, cartToken, shop });
      return () => api(`${path}/order`, { method: 'POST', cartToken, shop });
    };
    const [first, failing, third] = [await orderable(), await orderable(), await orderable()];

    // Act
    const one = await first();
    injectFaults({ commands: ['TransactWriteItemsCommand'], times: 3 });
    const failed = await failing();
    clearFaults();
    const next = await third();
    const retried = await failing();

    // Assess
    expect([one.status, failed.status, next.status, retried.status]).toEqual([201, 503, 201, 201]);
    // The failed checkout took 2; numbers taken in a block and left unused for 2 s are dropped too
    // when another instance numbered after them (lib/data/counters.ts), so the gap may be wider.
    expect(one.body.orderNumber).toBe('1');
    expect(Number(next.body.orderNumber)).toBeGreaterThanOrEqual(3);
    expect(Number(retried.body.orderNumber)).toBeGreaterThan(Number(next.body.orderNumber));
  });

  it('answers 503 for a throttled cart write and keeps the cart as it was', async () => {
    const created = await api('/demo/carts', {
      method: 'POST',
      body: { lineItems: [{ productId: 'trail-mix', quantity: 1 }] },
    });
    const cartToken = created.headers.get('x-service-cart-token') as string;
    const cart = `/demo/carts/${created.body.cartId}`;
    const faults = injectFaults({
      commands: ['PutCommand', 'PutItemCommand'],
      times: Number.POSITIVE_INFINITY,
      error: () => new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} }),
    });

    const failed = await api(`${cart}/line-items`, {
      method: 'POST',
      body: { productId: 'espresso-beans', quantity: 1 },
      cartToken,
    });
    clearFaults();
    const after = await api(cart, { cartToken });

    expect(failed.status).toBe(503);
    expect(faults.failed()).toBe(3);
    expect(after.body.lineItemContainer.productLineItems.map((l: any) => l.productId)).toEqual(['trail-mix']);
  });
});

describe('DynamoDB going away', () => {
  // 60 s: a second Java process starting beside a busy suite took over 20 s in CI.
  it('answers 503 quickly when DynamoDB Local dies, and serves again when one is back', async () => {
    // Prepare: a second DynamoDB Local just for this test, with the small shop
    const shared = process.env.DYNAMODB_ENDPOINT as string;
    const doomed = await startDynamoDbLocal({ shortLived: true });
    process.env.DYNAMODB_ENDPOINT = doomed.endpoint;
    resetConfig();
    forgetCatalogs();
    try {
      await createTableIfMissing();
      await importShop('other', await readShopFile('infra/local/seed/other.json'));
      const before = await api('/other/shipping-methods', { shop: 'other' });

      // Act
      await doomed.stop();
      const started = Date.now();
      const during = await api('/other/products', { shop: 'other' });
      const elapsed = Date.now() - started;

      // Assess
      expect(before.status).toBe(200);
      expect(during.status).toBe(503);
      expect(during.headers.get('retry-after')).toBe('1');
      expect(elapsed).toBeLessThan(10_000);
    } finally {
      await doomed.stop();
      process.env.DYNAMODB_ENDPOINT = shared;
      resetConfig();
      forgetCatalogs();
    }
    expect((await api('/other/shipping-methods', { shop: 'other' })).status).toBe(200);
  }, 60_000);
});

describe('DynamoDB hanging', () => {
  it('answers 503 with Retry-After within 7 s while DynamoDB does not answer, and one order after the retry', async () => {
    // Prepare: a DynamoDB Local of its own with the small shop, warm (keep-alive sockets open)
    const shared = process.env.DYNAMODB_ENDPOINT as string;
    const hung = await startDynamoDbLocal({ shortLived: true });
    process.env.DYNAMODB_ENDPOINT = hung.endpoint;
    resetConfig();
    forgetCatalogs();
    try {
      await createTableIfMissing();
      await importShop('other', await readShopFile('infra/local/seed/other.json'));
      const shop = 'other';
      const created = await api(`/${shop}/carts`, {
        method: 'POST',
        body: { lineItems: [{ productId: 'other-notebook-a5', quantity: 2 }] },
        shop,
      });
      const cartToken = created.headers.get('x-service-cart-token') as string;
      const cart = `/${shop}/carts/${created.body.cartId}`;
      await api(`${cart}/billing-address`, { method: 'PUT', body: BILLING, cartToken, shop });
      const ordersBefore = (await api(`/${shop}/orders?resultsPerPage=1`, { shop })).body.results;
      const checkout = () =>
        api(`${cart}/order`, { method: 'POST', cartToken, shop, idempotencyKey: 'hung-checkout-1' });
      const timed = async <T>(call: () => Promise<T>) => {
        const started = Date.now();
        const answer = await call();
        return { ...answer, ms: Date.now() - started };
      };

      // Act: requests while Java is stopped (resumed after 9 s at the latest, answered or not)
      hung.pause();
      const resumeAt = setTimeout(() => hung.resume(), 9_000);
      const [read, failedCheckout] = await Promise.all([
        timed(() => api(`/${shop}/products`, { shop })),
        timed(checkout),
      ]);
      clearTimeout(resumeAt);
      hung.resume();
      const readAfter = await api(`/${shop}/products`, { shop });
      const retried = await checkout();
      const replayed = await checkout();
      const ordersAfter = (await api(`/${shop}/orders?resultsPerPage=1`, { shop })).body.results;

      // Assess
      for (const during of [read, failedCheckout]) {
        expect(during.status).toBe(503);
        expect(during.headers.get('retry-after')).toBe('1');
        expect(during.body).toEqual({
          status: '503',
          message: 'Service Unavailable',
          requestId: expect.any(String),
        });
        expect(during.ms).toBeLessThan(7_000);
      }
      expect(readAfter.status).toBe(200);
      expect(retried.status).toBe(201);
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.body.orderId).toBe(retried.body.orderId);
      expect(ordersAfter).toBe(ordersBefore + 1);
    } finally {
      await hung.stop();
      process.env.DYNAMODB_ENDPOINT = shared;
      resetConfig();
      forgetCatalogs();
    }
  }, 60_000);
});
