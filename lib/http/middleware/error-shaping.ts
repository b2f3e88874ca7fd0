import type { MiddlewareObj } from '@middy/core';
import { isTransientDependencyError } from '../../data/dependency-errors';
import { log } from '../../log';
import { HttpError, ServiceUnavailable } from '../errors';
import { toResult } from '../reply';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

/**
 * The only place error bodies are written (contract: "Errors"): typed errors become
 * `{status, message, errors?}`; anything else is logged and answered 500 with only a requestId.
 * Never returns a value: a value would end Middy's onError chain before versioning stamps it.
 */
export function errorShaping(): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    onError: (request) => {
      const error = request.error;
      const requestId = request.context.api?.requestId;
      if (!(error instanceof HttpError) && isTransientDependencyError(error)) {
        log.warn('dependency unavailable', {
          requestId,
          error: { name: error?.name, message: error?.message },
        });
        request.error = new ServiceUnavailable(1);
      }
      const shaped = request.error;
      if (shaped instanceof HttpError) {
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
