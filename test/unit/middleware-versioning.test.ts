import middy from '@middy/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../lib/config';
import { NotAcceptable, NotFound } from '../../lib/http/errors';
import { errorShaping } from '../../lib/http/middleware/error-shaping';
import { requestContext } from '../../lib/http/middleware/request-context';
import { acceptsV1, MEDIA_TYPE_V1, versioning } from '../../lib/http/middleware/versioning';
import { toResult } from '../../lib/http/reply';
import type { ApiContext, ApiEvent, ApiResult } from '../../lib/http/types';
import { eventWith, jsonBody, lambdaContext, middyRequest } from './support/api-event';

/** The head of endpoint()'s chain around a handler. */
function chain(handler: () => Promise<ApiResult>) {
  return middy<ApiEvent, ApiResult, Error, ApiContext>()
    .use(requestContext('unit'))
    .use(versioning())
    .use(errorShaping())
    .handler(handler);
}

const answerOk = async () => toResult({ status: 200, body: { ok: true } });

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
  resetConfig();
});

afterEach(() => {
  delete process.env.LEGACY_ACCEPT;
  resetConfig();
});

describe('acceptsV1', () => {
  it('accepts exactly the v1 media type', () => {
    // Prepare
    const accept = 'application/vnd.service.v1+json';

    // Act
    const accepted = acceptsV1(accept, false);

    // Assess
    expect(accepted).toBe(true);
    expect(MEDIA_TYPE_V1).toBe(accept);
  });

  it('compares case-insensitively', () => {
    // Prepare
    const accepts = ['Application/VND.Service.V1+JSON', 'APPLICATION/VND.SERVICE.V1+JSON'];

    // Act
    const results = accepts.map((accept) => acceptsV1(accept, false));

    // Assess
    expect(results).toEqual([true, true]);
  });

  it('ignores media type parameters and other listed types', () => {
    // Prepare
    const accepts = [
      'application/vnd.service.v1+json;q=0.9',
      'application/vnd.service.v1+json ; charset=utf-8',
      'text/html, application/vnd.service.v1+json;q=0.9, */*;q=0.1',
      'application/json,application/vnd.service.v1+json',
      '  application/vnd.service.v1+json  ',
    ];

    // Act
    const results = accepts.map((accept) => acceptsV1(accept, false));

    // Assess
    expect(results).toEqual([true, true, true, true, true]);
  });

  it('refuses other types, wildcards and a missing header without LEGACY_ACCEPT', () => {
    // Prepare
    const accepts = [
      undefined,
      '',
      '   ',
      '*/*',
      'application/*',
      'application/json',
      'application/vnd.service.v2+json',
      'application/vnd.service.v1',
      'application/vnd.service.v1+json-patch',
      'xapplication/vnd.service.v1+json',
    ];

    // Act
    const results = accepts.map((accept) => acceptsV1(accept, false));

    // Assess
    expect(results).toEqual(accepts.map(() => false));
  });

  it('with LEGACY_ACCEPT serves */* and a missing header as v1, but not application/json', () => {
    // Prepare
    const accepts = [undefined, '', '*/*', 'text/html, */*;q=0.8', 'application/json', 'application/*'];

    // Act
    const results = accepts.map((accept) => acceptsV1(accept, true));

    // Assess
    expect(results).toEqual([true, true, true, true, false, false]);
  });
});

describe('versioning middleware', () => {
  it('lets a v1 request pass', async () => {
    // Prepare
    const request = middyRequest(eventWith('products/list-products'));

    // Act
    const outcome = versioning().before?.(request);

    // Assess
    await expect(Promise.resolve(outcome)).resolves.toBeUndefined();
  });

  it('throws 406 for */* while LEGACY_ACCEPT is off', () => {
    // Prepare
    const request = middyRequest(eventWith('products/list-products', { headers: { accept: '*/*' } }));

    // Act
    const before = () => versioning().before?.(request);

    // Assess
    expect(before).toThrow(NotAcceptable);
  });

  it('reads LEGACY_ACCEPT from the configuration', () => {
    // Prepare
    process.env.LEGACY_ACCEPT = 'true';
    resetConfig();
    const request = middyRequest(eventWith('products/list-products', { headers: { accept: undefined } }));

    // Act
    const before = () => versioning().before?.(request);

    // Assess
    expect(before).not.toThrow();
  });

  it('stamps X-Service-Media-Type on a response, keeping its headers', () => {
    // Prepare
    const request = middyRequest(eventWith('products/list-products'), {
      response: { statusCode: 200, headers: { 'X-Other': '1' }, body: '{}' },
    });

    // Act
    versioning().after?.(request);

    // Assess
    expect(request.response?.headers).toEqual({ 'X-Other': '1', 'X-Service-Media-Type': MEDIA_TYPE_V1 });
  });

  it('answers a v1 request through the chain with the media type header', async () => {
    // Prepare
    const handler = chain(answerOk);

    // Act
    const result = await handler(eventWith('products/list-products'), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
  });

  it('answers 406 with the error shape and the media type header', async () => {
    // Prepare
    const handler = chain(answerOk);
    const events = [
      eventWith('products/list-products', { headers: { accept: undefined } }),
      eventWith('products/list-products', { headers: { accept: '*/*' } }),
      eventWith('products/list-products', { headers: { accept: 'application/json' } }),
    ];

    // Act
    const results = await Promise.all(events.map((event) => handler(event, lambdaContext())));

    // Assess
    for (const result of results) {
      expect(result.statusCode).toBe(406);
      expect(result.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
      expect(result.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
      expect(jsonBody(result)).toMatchObject({ status: '406' });
    }
  });

  it('serves */* and a missing Accept when LEGACY_ACCEPT=true', async () => {
    // Prepare
    process.env.LEGACY_ACCEPT = 'true';
    resetConfig();
    const handler = chain(answerOk);

    // Act
    const wildcard = await handler(
      eventWith('products/list-products', { headers: { accept: '*/*' } }),
      lambdaContext(),
    );
    const missing = await handler(
      eventWith('products/list-products', { headers: { accept: undefined } }),
      lambdaContext(),
    );

    // Assess
    expect(wildcard.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(missing.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
  });

  it('stamps the media type on errors the handler throws', async () => {
    // Prepare
    const handler = chain(async () => {
      throw new NotFound('Cart not found');
    });

    // Act
    const result = await handler(eventWith('products/list-products'), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(404);
    expect(result.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
  });

  it('stamps the media type on 500s from unexpected errors', async () => {
    // Prepare
    const handler = chain(async () => {
      throw new TypeError('boom');
    });

    // Act
    const result = await handler(eventWith('products/list-products'), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(500);
    expect(result.headers?.['X-Service-Media-Type']).toBe(MEDIA_TYPE_V1);
  });
});
