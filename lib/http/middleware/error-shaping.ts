import type { MiddlewareObj } from '@middy/core';
import { isTransientDependencyError } from '../../data/dependency-errors';
import { log } from '../../log';
import { httpErrorOf } from '../error-statuses';
import { ServiceUnavailable } from '../errors';
import { toResult } from '../reply';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

/**
 * The only place error bodies are written (docs/api-rules.md "Errors and status codes"): HTTP errors and the
 * domain's errors (mapped in error-statuses.ts) become `{status, message, errors?}`; anything else is logged
 * and answered 500 with only a requestId.
 * Never returns a value: a value would end Middy's onError chain before versioning stamps it.
 */
export function errorShaping(): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    onError: (request) => {
      const error = request.error;
      const requestId = request.context.api?.requestId;
      let shaped = httpErrorOf(error);
      if (!shaped && isTransientDependencyError(error)) {
        log.warn('dependency unavailable', {
          requestId,
          error: { name: error?.name, message: error?.message },
        });
        shaped = new ServiceUnavailable(1);
      }
      if (shaped) {
        request.error = shaped;
        request.response = toResult({
          status: shaped.status,
          body: {
            status: String(shaped.status),
            message: shaped.message,
            ...(shaped.errors ? { errors: shaped.errors } : {}),
            ...(shaped.status >= 500 ? { requestId } : {}),
          },
          headers: shaped.headers,
        });
        return;
      }
      log.error('unhandled error', {
        requestId,
        error: { name: error?.name, message: error?.message, stack: error?.stack },
      });
      request.response = toResult({
        status: 500,
        body: { status: '500', message: 'Internal Server Error', requestId },
      });
    },
  };
}
