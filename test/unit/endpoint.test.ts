import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureDevKeys, signDevToken } from '../../infra/local/dev-issuer';
import { devIssuer, resetConfig } from '../../lib/config';
import { getCartWithCatalogVersion } from '../../lib/data/cart/cart-repository';
import { catalogVersion } from '../../lib/data/catalog/catalog-repository';
import type { CartRecord } from '../../lib/domain/cart/cart';
import { hashCartToken } from '../../lib/domain/cart/cart-token';
import { endpoint } from '../../lib/http/endpoint';
import { NotFound } from '../../lib/http/errors';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { ok } from '../../lib/http/reply';
import { routeNotFound } from '../../lib/http/route-not-found';
import type { ApiEvent } from '../../lib/http/types';
import { routes } from '../../lib/routes';
import { AddLineItemBody, CreateCartBody } from '../../lib/schemas/carts';
import { CartPath, ShopPath } from '../../lib/schemas/common';
import { ListProductsQuery } from '../../lib/schemas/products';
import { eventWith, jsonBody, lambdaContext } from './support/api-event';

vi.mock('../../lib/data/cart/cart-repository', () => ({ getCartWithCatalogVersion: vi.fn() }));
vi.mock('../../lib/data/catalog/catalog-repository', () => ({ catalogVersion: vi.fn(async () => 7) }));
// Product reads refresh the live stock beside the version read: here it is always fresh.
vi.mock('../../lib/data/inventory/stock-view', () => ({ freshStock: vi.fn(async () => undefined) }));
// The rate limit leases its allowance from DynamoDB; here every lease is granted in full.
vi.mock('../../lib/data/rate-limit-repository', () => ({
  leaseAllowance: vi.fn(async (_shop: string, _token: string, _window: unknown, block: number) => ({
    granted: block,
    leased: block,
  })),
}));

const dir = mkdtempSync(join(tmpdir(), 'endpoint-unit-'));
const keys = ensureDevKeys(dir);
const CART_ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const CART_TOKEN = 'cart-secret-for-unit-tests-0001';

const token = (scope: string, shop = 'demo') =>
  signDevToken({ shop, scope, privateKeyPem: keys.privateKeyPem });

/** A sample event with a real token and cart id in place of the placeholders. */
function event(
  name: string,
  headers: Record<string, string | undefined> = {},
  overrides: Partial<ApiEvent> = {},
) {
  const base = eventWith(name, {
    headers: {
      authorization: `Bearer ${token('products_read')}`,
      'x-service-cart-token': CART_TOKEN,
      ...headers,
    },
    ...overrides,
  });
  if (base.pathParameters?.cartId) base.pathParameters.cartId = CART_ID;
  return base;
}

const listProducts = vi.fn(
  async (request: { query: unknown; shopId: string; catalogVersionRead: Promise<number | null> }) =>
    ok({ query: request.query, shopId: request.shopId, catalogVersion: await request.catalogVersionRead }),
);
const listHandler = endpoint(routes.listProducts, { path: ShopPath, query: ListProductsQuery }, listProducts);
const createHandler = endpoint(routes.createCart, { path: ShopPath, body: CreateCartBody }, async (request) =>
  ok({ body: request.body }),
);
const addHandler = endpoint(routes.addLineItem, { path: CartPath, body: AddLineItemBody }, async (request) =>
  ok({ cartId: request.cart.cartId, body: request.body }),
);

beforeAll(() => {
  process.env.AUTH_JWKS_FILE = keys.jwksFile;
  process.env.AUTH_ISSUER = devIssuer.issuer;
  process.env.AUTH_AUDIENCE = devIssuer.audience;
  process.env.LOG_LEVEL = 'silent';
  resetConfig();
});

beforeEach(() => {
  listProducts.mockClear();
  vi.mocked(catalogVersion).mockClear();
  vi.mocked(getCartWithCatalogVersion).mockReset();
  vi.mocked(getCartWithCatalogVersion).mockResolvedValue({
    cart: {
      shopId: 'demo',
      cartId: CART_ID,
      tokenHash: hashCartToken(CART_TOKEN),
      status: 'open',
      updatedAt: new Date().toISOString(),
    } as CartRecord,
    catalogVersion: 1,
  });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('endpoint chain', () => {
  it('answers a good request with the handler reply and the common headers', async () => {
    // Prepare
    const request = event('products/list-products');

    // Act
    const result = await listHandler(request, lambdaContext('aws-1'));

    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({
      shopId: 'demo',
      query: { page: 1, resultsPerPage: 5, sort: 'price', direction: 'desc', locale: 'de_DE' },
      catalogVersion: 7,
    });
    expect(catalogVersion).toHaveBeenCalledWith('demo');
    expect(result.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Service-Media-Type': MEDIA_TYPE_V1,
      'X-Request-Id': 'aws-1',
    });
  });

  it('checks the version before the token: 406 wins over 403', async () => {
    // Prepare
    const request = event('products/list-products', { accept: 'application/json', authorization: undefined });

    // Act
    const result = await listHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(406);
    expect(listProducts).not.toHaveBeenCalled();
  });

  it('checks the token before the query: 403 wins over 400', async () => {
    // Prepare
    const request = event(
      'products/list-products',
      { authorization: 'Bearer nope' },
      { rawQueryString: 'page=0' },
    );

    // Act
    const result = await listHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(403);
    expect(jsonBody(result)).toEqual({ status: '403', message: 'Invalid token' });
    expect(result.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
  });

  it('checks the scope before the handler runs', async () => {
    // Prepare
    const request = event('products/list-products', { authorization: `Bearer ${token('carts_read')}` });

    // Act
    const result = await listHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(403);
    expect(listProducts).not.toHaveBeenCalled();
    expect(catalogVersion).not.toHaveBeenCalled();
  });

  it('validates the query before the handler runs', async () => {
    // Prepare
    const request = event('products/list-products', {}, { rawQueryString: 'resultsPerPage=101' });

    // Act
    const result = await listHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(400);
    expect(jsonBody(result)).toMatchObject({ status: '400', errors: [{ field: 'resultsPerPage' }] });
    expect(listProducts).not.toHaveBeenCalled();
    // A catalog read starts reading the catalog version before validation, to overlap it.
    expect(catalogVersion).toHaveBeenCalledWith('demo');
  });

  it('checks the token before the body: 403 wins over 415', async () => {
    // Prepare
    const request = event('carts/create-cart', { authorization: undefined, 'content-type': 'text/plain' });

    // Act
    const result = await createHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(403);
  });

  it('parses the body before validating it: 415 wins over 400, and 400 for malformed JSON', async () => {
    // Prepare
    const wrongType = event(
      'carts/create-cart',
      { 'content-type': 'text/plain' },
      { body: '{"currency":1}' },
    );
    const malformed = event('carts/create-cart', {}, { body: '{"currency":' });

    // Act
    const wrongTypeResult = await createHandler(wrongType, lambdaContext());
    const malformedResult = await createHandler(malformed, lambdaContext());

    // Assess
    expect(wrongTypeResult.statusCode).toBe(415);
    expect(malformedResult.statusCode).toBe(400);
    expect(jsonBody(malformedResult)).toEqual({ status: '400', message: 'Malformed JSON body' });
  });

  it('hands the validated body to the handler', async () => {
    // Prepare
    const request = event('carts/create-cart', {}, { body: '{"currency":"EUR","forceCreate":true}' });

    // Act
    const result = await createHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({ body: { currency: 'EUR', forceCreate: true } });
  });

  it('starts the cart read right after auth, to overlap validation, and answers 400 first', async () => {
    // Prepare
    const request = event('carts/add-line-item', {}, { body: JSON.stringify({ quantity: 1 }) });

    // Act
    const result = await addHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(400);
    expect(getCartWithCatalogVersion).toHaveBeenCalledWith('demo', CART_ID);
  });

  it('reads no cart for a path whose cart id cannot be one', async () => {
    // Prepare
    const request = event('carts/add-line-item');
    if (request.pathParameters) request.pathParameters.cartId = 'not-a-cart';

    // Act
    const result = await addHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(404);
    expect(getCartWithCatalogVersion).not.toHaveBeenCalled();
  });

  it('checks the cart last and hands it to the handler', async () => {
    // Prepare
    const request = event('carts/add-line-item');

    // Act
    const result = await addHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({
      cartId: CART_ID,
      body: { productId: 'trail-tshirt-red-m', quantity: 1 },
    });
    expect(getCartWithCatalogVersion).toHaveBeenCalledTimes(1);
    expect(getCartWithCatalogVersion).toHaveBeenCalledWith('demo', CART_ID);
    expect(catalogVersion).not.toHaveBeenCalled(); // read with the cart instead
  });

  it('never reads the cart for a caller without a valid token', async () => {
    // Prepare
    const request = event('carts/add-line-item', { authorization: `Bearer ${token('', 'other')}` });

    // Act
    const result = await addHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(403);
    expect(getCartWithCatalogVersion).not.toHaveBeenCalled();
  });

  it('answers a wrong cart token with 403 through the chain', async () => {
    // Prepare
    const request = event('carts/add-line-item', { 'x-service-cart-token': 'guess' });

    // Act
    const result = await addHandler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(403);
    expect(result.body).not.toContain('guess');
  });

  it('turns errors the handler throws into the error shape', async () => {
    // Prepare
    const failing = endpoint(routes.listProducts, {}, async () => {
      throw new NotFound('Product not found');
    });

    // Act
    const result = await failing(event('products/list-products'), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result)).toEqual({ status: '404', message: 'Product not found' });
    expect(result.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
  });
});

describe('routeNotFound', () => {
  const handler = routeNotFound();

  it('answers 405 with Allow for a known path with another method', async () => {
    // Prepare
    const request = event('products/list-products');
    request.rawPath = '/demo/carts';
    request.requestContext.http.method = 'PATCH';

    // Act
    const result = await handler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(405);
    expect(result.headers?.Allow).toBe('POST, GET');
    expect(result.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
  });

  it('answers 404 for an unknown path', async () => {
    // Prepare
    const request = event('products/list-products');
    request.rawPath = '/demo/nothing-here';

    // Act
    const result = await handler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result)).toEqual({ status: '404', message: 'No such resource' });
  });

  it('still answers 406 first for a wrong Accept', async () => {
    // Prepare
    const request = event('products/list-products', { accept: 'text/html' });
    request.rawPath = '/demo/nothing-here';

    // Act
    const result = await handler(request, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(406);
    expect(result.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
  });
});

describe('catalog reads', () => {
  it('answer through answerFromCatalog, which uses the version read the chain started', () => {
    const catalogReads = Object.values(routes).filter((route) => 'catalogRead' in route && route.catalogRead);
    const sources = catalogReads.map((route) => readFileSync(route.handler, 'utf8'));

    expect(catalogReads.length).toBeGreaterThan(0);
    for (const [i, source] of sources.entries()) {
      expect(source, catalogReads[i]?.handler).toContain('answerFromCatalog(req,');
      expect(source, catalogReads[i]?.handler).not.toContain('requireCatalog(');
    }
  });
});
