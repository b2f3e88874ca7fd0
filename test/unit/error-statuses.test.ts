import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../lib/config';
import { CustomerChanged } from '../../lib/data/customers/customer-repository';
import * as domainErrors from '../../lib/domain/errors';
import {
  CartOrdered,
  CartVersionMismatch,
  ConcurrentChange,
  DomainError,
  NotFoundError,
  RefusedInput,
  StateConflict,
  StillGenerating,
  StorageBusy,
} from '../../lib/domain/errors';
import { httpErrorOf } from '../../lib/http/error-statuses';
import { errorShaping } from '../../lib/http/middleware/error-shaping';
import { eventWith, jsonBody, middyRequest } from './support/api-event';

/** What a client sees when a handler lets `error` escape: the real error-shaping middleware's answer. */
function answerTo(error: Error) {
  const request = middyRequest(eventWith('carts/get-cart'), { api: { requestId: 'req-domain-1' }, error });
  errorShaping().onError?.(request);
  const response = request.response;
  return {
    status: response?.statusCode,
    body: jsonBody(response),
    retryAfter: response?.headers?.['Retry-After'],
  };
}

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
  resetConfig();
});

describe('domain errors → HTTP (lib/http/error-statuses.ts, docs/api-rules.md)', () => {
  const problems = [{ field: 'lineItems[0].quantity', message: 'Product is not for sale' }];
  const cases: { error: Error; status: number; body: object; retryAfter?: string }[] = [
    {
      error: new RefusedInput('Unknown category or product', problems),
      status: 400,
      body: { status: '400', message: 'Unknown category or product', errors: problems },
    },
    {
      error: new RefusedInput('Invalid request'),
      status: 400,
      body: { status: '400', message: 'Invalid request' },
    },
    { error: new NotFoundError('Cart'), status: 404, body: { status: '404', message: 'Cart not found' } },
    { error: new CartOrdered(), status: 410, body: { status: '410', message: 'Cart has been ordered' } },
    {
      error: new CartVersionMismatch(),
      status: 412,
      body: { status: '412', message: 'Precondition Failed: the cart has changed since the given ETag' },
    },
    {
      error: new StateConflict('Customer number 10001 is taken'),
      status: 409,
      body: { status: '409', message: 'Customer number 10001 is taken' },
    },
    {
      error: new ConcurrentChange('Cart is being changed by other requests; try again'),
      status: 409,
      body: { status: '409', message: 'Cart is being changed by other requests; try again' },
    },
    {
      error: new CustomerChanged(),
      status: 409,
      body: { status: '409', message: 'The customer was changed by another request; try again' },
    },
    {
      error: new StorageBusy(),
      status: 503,
      body: { status: '503', message: 'Service Unavailable', requestId: 'req-domain-1' },
      retryAfter: '1',
    },
    {
      error: new StorageBusy(3),
      status: 503,
      body: { status: '503', message: 'Service Unavailable', requestId: 'req-domain-1' },
      retryAfter: '3',
    },
    {
      error: new StillGenerating('The export is still being generated: try again in 4 s', 4),
      status: 503,
      body: {
        status: '503',
        message: 'The export is still being generated: try again in 4 s',
        requestId: 'req-domain-1',
      },
      retryAfter: '4',
    },
  ];

  it.each(cases)(
    '$error.name "$error.message" is answered $status',
    ({ error, status, body, retryAfter }) => {
      // Act
      const answer = answerTo(error);

      // Assess
      expect(answer).toEqual({ status, body, retryAfter });
    },
  );

  it('has a row for every domain error class (a class without one would be answered 500)', () => {
    // Prepare
    const classes = Object.values(domainErrors).filter(
      (value) => typeof value === 'function' && value.prototype instanceof DomainError,
    );

    // Act
    const unmapped = classes.filter((type) => httpErrorOf(Object.create(type.prototype)) === undefined);

    // Assess
    expect(classes.length).toBeGreaterThanOrEqual(7);
    expect(unmapped.map((type) => type.name)).toEqual([]);
  });

  it('leaves any other error unmapped: it is logged and answered 500 without its message', () => {
    // Act
    const answer = answerTo(new Error('Cart not found'));

    // Assess
    expect(httpErrorOf(new Error('Cart not found'))).toBeUndefined();
    expect(answer).toEqual({
      status: 500,
      body: { status: '500', message: 'Internal Server Error', requestId: 'req-domain-1' },
      retryAfter: undefined,
    });
  });
});
