import { request } from 'node:http';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LambdaHandler } from '../../infra/local/lambda-runtime';
import {
  FALLBACK_HANDLER,
  type LocalServer,
  MAX_BODY_BYTES,
  startLocalServer,
} from '../../infra/local/server';

const calls: { file: string; event: APIGatewayProxyEventV2; context: Context }[] = [];

/** Fake handlers: every route echoes what it got; `?fail` throws. */
const fakeLoad = async (file: string): Promise<LambdaHandler> => {
  return async (event, context) => {
    const e = event as APIGatewayProxyEventV2;
    calls.push({ file, event: e, context });
    if (e.queryStringParameters?.fail !== undefined) throw new Error('boom (expected by the test)');
    if (file === FALLBACK_HANDLER) return { statusCode: 404, body: '{"status":"404"}' };
    if (e.queryStringParameters?.plain !== undefined) return 'plain';
    return {
      statusCode: 201,
      headers: { 'content-type': 'application/json' },
      cookies: ['a=1', 'b=2'],
      body: JSON.stringify({ routeKey: e.routeKey, function: context.functionName, body: e.body }),
    };
  };
};

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ port: 0, loadHandler: fakeLoad });
});
afterAll(() => server.close());

describe('local server', () => {
  it('calls the route handler with a v2 event and writes its result', async () => {
    const res = await fetch(`${server.url}/demo/carts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(res.headers.get('apigw-requestid')).toBeTruthy();
    expect(await res.json()).toEqual({
      routeKey: 'POST /{shopId}/carts',
      function: 'createCart',
      body: '{"x":1}',
    });
    const call = calls.at(-1);
    expect(call?.file).toBe('functions/carts/create-cart.ts');
    expect(call?.context.getRemainingTimeInMillis()).toBeGreaterThan(28_000);
  });

  it('sends unknown paths and wrong methods to the fallback handler', async () => {
    for (const [method, path] of [
      ['GET', '/demo/nowhere'],
      ['DELETE', '/demo/carts'],
    ]) {
      const res = await fetch(`${server.url}${path}`, { method });
      expect(res.status).toBe(404);
      expect(calls.at(-1)?.file).toBe(FALLBACK_HANDLER);
      expect(calls.at(-1)?.event.routeKey).toBe('$default');
    }
  });

  it('answers a string result as 200 JSON', async () => {
    const res = await fetch(`${server.url}/demo/products?plain`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe('plain');
  });

  it('answers 502 when the handler throws', async () => {
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      const res = await fetch(`${server.url}/demo/products?fail`);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ status: '502', message: 'Bad Gateway' });
    } finally {
      process.stderr.write = stderr;
    }
  });

  it('answers 413 for a body over 10 MiB without calling the handler', async () => {
    const before = calls.length;
    const res = await fetch(`${server.url}/demo/carts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: '413', message: 'Request body too large' });
    expect(calls.length).toBe(before);
  });

  it('answers 413 for a chunked body that grows over 10 MiB', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/demo/carts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 11; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
  });
});
