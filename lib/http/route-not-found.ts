import middy from '@middy/core';
import { MethodNotAllowed, NotFound } from './errors';
import { errorShaping } from './middleware/error-shaping';
import { requestContext } from './middleware/request-context';
import { versioning } from './middleware/versioning';
import { matchRoute } from './router';
import type { ApiContext, ApiEvent, ApiResult } from './types';

/**
 * The handler for requests no route matches (API Gateway's `$default` route and the local server):
 * 404, or 405 with `Allow` when the path exists with other methods (docs/api-rules.md "Errors and status
 * codes").
 */
export function routeNotFound() {
  return middy<ApiEvent, ApiResult, Error, ApiContext>()
    .use(requestContext('routeNotFound'))
    .use(versioning())
    .use(errorShaping())
    .handler(async (event) => {
      const match = matchRoute(event.requestContext?.http?.method ?? 'GET', event.rawPath ?? '/');
      if (match.kind === 'method-not-allowed') throw new MethodNotAllowed(match.allow);
      throw new NotFound('No such resource');
    });
}
