import middy from '@middy/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../../lib/config';
import {
  BadRequest,
  Conflict,
  Forbidden,
  Gone,
  type HttpError,
  MethodNotAllowed,
  NotAcceptable,
  NotFound,
  PayloadTooLarge,
  ServiceUnavailable,
  UnsupportedMediaType,
} from '../../lib/http/errors';
import { errorShaping } from '../../lib/http/middleware/error-shaping';
import { requestContext } from '../../lib/http/middleware/request-context';
import { versioning } from '../../lib/http/middleware/versioning';
import type { ApiContext, ApiEvent, ApiResult } from '../../lib/http/types';
import { log } from '../../lib/log';
import { eventWith, jsonBody, lambdaContext, middyRequest } from './support/api-event';

function shape(error: Error, requestId = 'req-shape-1') {
  const request = middyRequest(eventWith('products/list-products'), { api: { requestId }, error });
  errorShaping().onError?.(request);
  return request;
}

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
  resetConfig();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('errorShaping with typed errors', () => {
  it('turns an HttpError into {status, message} JSON', () => {
    // Prepare
    const error = new NotFound('Cart not found');

    // Act
    const { response } = shape(error);

    // Assess
    expect(response?.statusCode).toBe(404);
    expect(response?.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
    expect(jsonBody(response)).toEqual({ status: '404', message: 'Cart not found' });
  });

  it('keeps the status as text for every typed error', () => {
    // Prepare
    const errors: [HttpError, number][] = [
      [new BadRequest(), 400],
      [new Forbidden(), 403],
      [new NotFound(), 404],
      [new MethodNotAllowed(['GET']), 405],
      [new NotAcceptable(), 406],
      [new Conflict(), 409],
      [new Gone('Cart has been ordered'), 410],
      [new PayloadTooLarge(262144), 413],
      [new UnsupportedMediaType(['application/json']), 415],
    ];

    // Act
    const responses = errors.map(([error]) => shape(error).response);

    // Assess
    for (const [i, response] of responses.entries()) {
      const status = errors[i]?.[1];
      expect(response?.statusCode).toBe(status);
      expect(jsonBody(response)).toMatchObject({ status: String(status) });
    }
  });

  it('answers 405 with an Allow header', () => {
    // Prepare
    const error = new MethodNotAllowed(['GET', 'POST']);

    // Act
    const { response } = shape(error);

    // Assess
    expect(response?.statusCode).toBe(405);
    expect(response?.headers?.Allow).toBe('GET, POST');
    expect(jsonBody(response)).toEqual({ status: '405', message: 'Method Not Allowed' });
  });

  it('keeps the field errors of a validation failure', () => {
    // Prepare
    const errors = [
      { field: 'lineItems[0].quantity', message: 'expected a whole number' },
      { field: 'currency', message: 'expected an ISO 4217 code like EUR' },
    ];

    // Act
    const { response } = shape(new BadRequest('Invalid request', errors));

    // Assess
    expect(response?.statusCode).toBe(400);
    expect(jsonBody(response)).toEqual({ status: '400', message: 'Invalid request', errors });
  });

  it('omits errors[] when a typed error has none', () => {
    // Prepare
    const error = new BadRequest('Malformed JSON body');

    // Act
    const { response } = shape(error);

    // Assess
    expect(jsonBody(response)).not.toHaveProperty('errors');
  });

  it('keeps the Retry-After header of a 503', () => {
    // Prepare
    const error = new ServiceUnavailable(5);

    // Act
    const { response } = shape(error);

    // Assess
    expect(response?.statusCode).toBe(503);
    expect(response?.headers?.['Retry-After']).toBe('5');
    expect(jsonBody(response)).toMatchObject({ status: '503' });
  });

  it('gives a typed 5xx the requestId like every 5xx body (docs/api-rules.md)', () => {
    // Prepare
    const error = new ServiceUnavailable(5);

    // Act
    const { response } = shape(error, 'req-503');

    // Assess
    expect(jsonBody(response)).toMatchObject({ status: '503', requestId: 'req-503' });
  });

  it('returns nothing, so the onError chain goes on to versioning', () => {
    // Prepare
    const request = middyRequest(eventWith('products/list-products'), { error: new NotFound() });

    // Act
    const returned = errorShaping().onError?.(request);

    // Assess
    expect(returned).toBeUndefined();
    expect(request.response?.statusCode).toBe(404);
  });
});

describe('errorShaping with unexpected errors', () => {
  it('answers 500 with only a generic message and the requestId', () => {
    // Prepare
    const error = new TypeError("Cannot read properties of undefined (reading 'pk') at /var/task/index.mjs");

    // Act
    const { response } = shape(error, 'req-500');

    // Assess
    expect(response?.statusCode).toBe(500);
    expect(jsonBody(response)).toEqual({
      status: '500',
      message: 'Internal Server Error',
      requestId: 'req-500',
    });
    expect(response?.body).not.toContain('pk');
    expect(response?.body).not.toContain('TypeError');
    expect(response?.body).not.toContain('/var/task');
    expect(response?.body).not.toContain(' at ');
  });

  it('logs the error with its stack for the operators', () => {
    // Prepare
    const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const error = new Error('table not found');

    // Act
    shape(error, 'req-log');

    // Assess
    expect(logged).toHaveBeenCalledWith(
      'unhandled error',
      expect.objectContaining({
        requestId: 'req-log',
        error: expect.objectContaining({ message: 'table not found', stack: error.stack }),
      }),
    );
  });

  it('treats a plain Error with a status-like name as unexpected', () => {
    // Prepare
    const error = Object.assign(new Error('secret detail'), { status: 404, statusCode: 404, expose: true });

    // Act
    const { response } = shape(error);

    // Assess
    expect(response?.statusCode).toBe(500);
    expect(response?.body).not.toContain('secret detail');
  });
});

describe('errorShaping in the chain', () => {
  const chain = (fail: () => never) =>
    middy<ApiEvent, ApiResult, Error, ApiContext>()
      .use(requestContext('unit'))
      .use(versioning())
      .use(errorShaping())
      .handler(async () => fail());

  it('answers an unexpected error with 500, requestId and the common headers', async () => {
    // Prepare
    const handler = chain(() => {
      throw new RangeError('invalid array length in /opt/secret.ts');
    });

    // Act
    const result = await handler(eventWith('products/list-products'), lambdaContext('aws-req-9'));

    // Assess
    expect(result.statusCode).toBe(500);
    expect(jsonBody(result)).toEqual({
      status: '500',
      message: 'Internal Server Error',
      requestId: 'aws-req-9',
    });
    expect(result.headers?.['X-Request-Id']).toBe('aws-req-9');
    expect(result.headers?.['X-Service-Media-Type']).toBe('application/vnd.service.v1+json');
    expect(result.body).not.toContain('secret');
  });

  it('answers a typed error with its status and headers', async () => {
    // Prepare
    const handler = chain(() => {
      throw new MethodNotAllowed(['GET']);
    });

    // Act
    const result = await handler(eventWith('products/list-products'), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(405);
    expect(result.headers?.Allow).toBe('GET');
    expect(jsonBody(result)).toEqual({ status: '405', message: 'Method Not Allowed' });
  });
});
