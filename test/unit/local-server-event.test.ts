import { describe, expect, it } from 'vitest';
import { fromApiResult } from '../../infra/local/from-api-result';
import {
  formatClfTime,
  isTextual,
  parseQuery,
  type RawRequest,
  toApiEvent,
} from '../../infra/local/to-api-event';
import { matchRoute } from '../../lib/http/router';

const meta = { requestId: 'req-1', now: new Date(Date.UTC(2026, 2, 5, 9, 4, 7)) };

function request(overrides: Partial<RawRequest>): RawRequest {
  return {
    method: 'GET',
    url: '/',
    rawHeaders: ['Host', '127.0.0.1:3000', 'User-Agent', 'curl/8'],
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
    protocol: 'HTTP/1.1',
    ...overrides,
  };
}

function eventFor(overrides: Partial<RawRequest>) {
  const req = request(overrides);
  return toApiEvent(req, matchRoute(req.method, req.url.split('?')[0] as string), meta);
}

describe('request → API Gateway v2 event', () => {
  it('fills routeKey, path parameters and the request context for a route', () => {
    const event = eventFor({ method: 'get', url: '/demo/carts/c%201' });
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /{shopId}/carts/{cartId}');
    expect(event.rawPath).toBe('/demo/carts/c%201');
    expect(event.rawQueryString).toBe('');
    expect(event.pathParameters).toEqual({ shopId: 'demo', cartId: 'c 1' });
    expect(event.queryStringParameters).toBeUndefined();
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext).toMatchObject({
      accountId: 'local',
      apiId: 'local',
      domainName: '127.0.0.1:3000',
      http: {
        method: 'GET',
        path: '/demo/carts/c%201',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'curl/8',
      },
      requestId: 'req-1',
      routeKey: 'GET /{shopId}/carts/{cartId}',
      stage: '$default',
      time: '05/Mar/2026:09:04:07 +0000',
      timeEpoch: meta.now.getTime(),
    });
  });

  it('uses $default without path parameters when no route matches (404 and 405)', () => {
    for (const [method, url] of [
      ['GET', '/demo/nowhere'],
      ['DELETE', '/demo/carts'],
    ] as const) {
      const event = eventFor({ method, url });
      expect(event.routeKey).toBe('$default');
      expect(event.requestContext.routeKey).toBe('$default');
      expect(event.pathParameters).toBeUndefined();
    }
  });

  it('lower-cases header names, joins repeated headers and moves cookies out', () => {
    const event = eventFor({
      rawHeaders: [
        'X-Custom',
        'a',
        'ACCEPT',
        'application/json',
        'x-custom',
        'b',
        'Cookie',
        'a=1; b=2',
        'cookie',
        'c=3',
      ],
    });
    expect(event.headers).toEqual({ 'x-custom': 'a,b', accept: 'application/json' });
    expect(event.cookies).toEqual(['a=1', 'b=2', 'c=3']);
  });

  it('parses the query string, joining repeated keys with a comma', () => {
    const event = eventFor({
      method: 'GET',
      url: '/demo/products?q=red+shoe&sort=name&sort=-price&empty=&x=%C3%A4',
    });
    expect(event.routeKey).toBe('GET /{shopId}/products');
    expect(event.rawPath).toBe('/demo/products');
    expect(event.rawQueryString).toBe('q=red+shoe&sort=name&sort=-price&empty=&x=%C3%A4');
    expect(event.queryStringParameters).toEqual({ q: 'red shoe', sort: 'name,-price', empty: '', x: 'ä' });
    expect(parseQuery('')).toBeUndefined();
  });

  it('passes textual bodies as UTF-8 and others as base64', () => {
    const json = eventFor({
      method: 'POST',
      url: '/demo/carts',
      rawHeaders: ['Content-Type', 'application/json; charset=utf-8'],
      body: Buffer.from('{"a":"ä"}'),
    });
    expect(json.routeKey).toBe('POST /{shopId}/carts');
    expect(json.body).toBe('{"a":"ä"}');
    expect(json.isBase64Encoded).toBe(false);

    const bytes = Buffer.from([0, 1, 2, 255]);
    const binary = eventFor({
      method: 'POST',
      url: '/demo/carts',
      rawHeaders: ['Content-Type', 'application/octet-stream'],
      body: bytes,
    });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.body as string, 'base64')).toEqual(bytes);

    const untyped = eventFor({ method: 'POST', url: '/demo/carts', rawHeaders: [], body: Buffer.from('{}') });
    expect(untyped.isBase64Encoded).toBe(true);
  });

  it('knows which content types are text', () => {
    expect(isTextual('application/json-patch+json')).toBe(true);
    expect(isTextual('application/x-www-form-urlencoded')).toBe(true);
    expect(isTextual('TEXT/plain; charset=utf-8')).toBe(true);
    expect(isTextual('image/png')).toBe(false);
    expect(isTextual(undefined)).toBe(false);
  });

  it('formats the time as API Gateway does', () => {
    expect(formatClfTime(new Date(Date.UTC(2020, 11, 31, 23, 59, 9)))).toBe('31/Dec/2020:23:59:09 +0000');
  });
});

describe('handler result → HTTP reply', () => {
  it('takes a structured result with cookies and multi-value headers', () => {
    const reply = fromApiResult({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'X-Count': 3 },
      multiValueHeaders: { 'X-Multi': ['a', 'b'] },
      cookies: ['a=1', 'b=2; Path=/'],
      body: '{"ok":true}',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Count', '3'],
      ['X-Multi', 'a'],
      ['X-Multi', 'b'],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2; Path=/'],
    ]);
    expect(reply.body.toString()).toBe('{"ok":true}');
  });

  it('decodes a base64 body', () => {
    const reply = fromApiResult({
      statusCode: 200,
      body: Buffer.from([1, 2, 3]).toString('base64'),
      isBase64Encoded: true,
    });
    expect(reply.body).toEqual(Buffer.from([1, 2, 3]));
  });

  it('treats a string or a result without statusCode as a 200 JSON reply', () => {
    expect(fromApiResult('hello')).toEqual({
      statusCode: 200,
      headers: [['content-type', 'application/json']],
      body: Buffer.from('hello'),
    });
    expect(fromApiResult({ a: 1 }).body.toString()).toBe('{"a":1}');
  });
});
