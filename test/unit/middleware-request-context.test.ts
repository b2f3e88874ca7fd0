import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../lib/config';
import { requestContext } from '../../lib/http/middleware/request-context';
import { eventWith, lambdaContext, middyRequest } from './support/api-event';

/** A request object as Middy hands it to the first middleware: no pipeline state yet. */
function freshRequest(event = eventWith('products/list-products'), awsRequestId = 'aws-req-1') {
  const request = middyRequest(event);
  request.context = lambdaContext(awsRequestId);
  return request;
}

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
  resetConfig();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('requestContext before', () => {
  it('creates the pipeline state with the Lambda request id', () => {
    // Prepare
    const request = freshRequest();

    // Act
    requestContext('listProducts').before?.(request);

    // Assess
    expect(request.context.api).toMatchObject({
      requestId: 'aws-req-1',
      baseUrl: 'http://127.0.0.1:3000',
      responseHeaders: {},
    });
    expect(request.context.api.startedAt).toBeLessThanOrEqual(Date.now());
  });

  it("falls back to API Gateway's request id, then to a fresh UUID", () => {
    // Prepare
    const fromGateway = freshRequest(eventWith('products/list-products'), '');
    const event = eventWith('products/list-products');
    event.requestContext = { ...event.requestContext, requestId: '' };
    const fromNothing = freshRequest(event, '');

    // Act
    requestContext('listProducts').before?.(fromGateway);
    requestContext('listProducts').before?.(fromNothing);

    // Assess
    expect(fromGateway.context.api.requestId).toBe('sample-request');
    expect(fromNothing.context.api.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('builds https base URLs for public hosts and honours X-Forwarded-Proto', () => {
    // Prepare
    const publicHost = freshRequest(
      eventWith('products/list-products', { headers: { host: 'api.example.com' } }),
    );
    const forwarded = freshRequest(
      eventWith('products/list-products', { headers: { host: 'shop.test', 'x-forwarded-proto': 'http' } }),
    );
    const localhost = freshRequest(
      eventWith('products/list-products', { headers: { host: 'localhost:8080' } }),
    );

    // Act
    for (const request of [publicHost, forwarded, localhost]) requestContext('r').before?.(request);

    // Assess
    expect(publicHost.context.api.baseUrl).toBe('https://api.example.com');
    expect(forwarded.context.api.baseUrl).toBe('http://shop.test');
    expect(localhost.context.api.baseUrl).toBe('http://localhost:8080');
  });
});

describe('requestContext after and onError', () => {
  it('adds the request id and the collected response headers', () => {
    // Prepare
    const request = freshRequest();
    const middleware = requestContext('listProducts');
    middleware.before?.(request);
    request.context.api.responseHeaders['X-RateLimit-Limit'] = '6000';
    request.response = { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' };

    // Act
    middleware.after?.(request);

    // Assess
    expect(request.response.headers).toEqual({
      'Content-Type': 'application/json',
      'X-RateLimit-Limit': '6000',
      'X-Request-Id': 'aws-req-1',
      'Server-Timing': expect.stringMatching(/^db;dur=0\.0;desc="0 calls, 0 RCU, 0 WCU", app;dur=\d+\.\d$/),
    });
  });

  it('writes one request line without tokens, at info, metrics off', () => {
    // Prepare
    process.env.LOG_LEVEL = 'info';
    process.env.METRICS = 'off';
    resetConfig();
    const written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const request = freshRequest();
    request.event.headers = { ...request.event.headers, authorization: 'Bearer secret-token' };
    const middleware = requestContext('listProducts');
    middleware.before?.(request);
    request.response = { statusCode: 404, body: '{}' };

    // Act
    try {
      middleware.onError?.(request);
    } finally {
      process.env.LOG_LEVEL = 'silent';
      delete process.env.METRICS;
      resetConfig();
    }

    // Assess
    expect(written).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(written.mock.calls[0]?.[0]));
    expect(line).toMatchObject({
      level: 'info',
      message: 'request',
      route: 'listProducts',
      method: 'GET',
      path: '/demo/products',
      status: 404,
      requestId: 'aws-req-1',
      function_request_id: 'aws-req-1',
    });
    expect(line._aws).toBeUndefined();
    expect(JSON.stringify(written.mock.calls)).not.toContain('secret-token');
  });

  it('leaves a request without pipeline state alone', () => {
    // Prepare
    const request = freshRequest();
    request.response = { statusCode: 500, body: '' };

    // Act
    const finish = () => requestContext('r').onError?.(request);

    // Assess
    expect(finish).not.toThrow();
    expect(request.response.headers).toBeUndefined();
  });
});
