import type { MiddlewareObj } from '@middy/core';
import { log } from '../../log';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

/**
 * First in the chain: creates the pipeline state for the request and, last on the way out,
 * adds the request's common headers and writes one access-log line (no tokens, no bodies).
 */
export function requestContext(routeName: string): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  const finish = (request: { event: ApiEvent; context: ApiContext; response: ApiResult | null }) => {
    const { api } = request.context;
    if (!api) return;
    if (request.response) {
      request.response.headers = {
        ...request.response.headers,
        ...api.responseHeaders,
        'X-Request-Id': api.requestId,
      };
    }
    log.info('request', {
      route: routeName,
      method: request.event.requestContext?.http?.method,
      path: request.event.rawPath,
      status: request.response?.statusCode,
      ms: Date.now() - api.startedAt,
      requestId: api.requestId,
    });
  };
  return {
    before: (request) => {
      const { event, context } = request;
      context.api = {
        requestId: context.awsRequestId || event.requestContext?.requestId || crypto.randomUUID(),
        startedAt: Date.now(),
        baseUrl: baseUrl(event),
        responseHeaders: {},
      };
    },
    after: finish,
    onError: finish,
  };
}

/** Scheme and host the client used, for absolute links. */
function baseUrl(event: ApiEvent): string {
  const host = event.headers?.host ?? event.requestContext?.domainName ?? 'localhost';
  const forwarded = event.headers?.['x-forwarded-proto'];
  const local = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);
  return `${forwarded ?? (local ? 'http' : 'https')}://${host}`;
}
