import type { MiddlewareObj } from '@middy/core';
import { config } from '../../config';
import { logs, writeLine } from '../../log';
import { emfMembers } from '../../telemetry/emf';
import { beginRequest, type RequestTelemetry } from '../../telemetry/request-telemetry';
import { serverTiming } from '../../telemetry/server-timing';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

const telemetries = new WeakMap<ApiContext, RequestTelemetry>();

/**
 * First in the chain: creates the pipeline state and the request's telemetry (log fields, DynamoDB
 * meter, debug sampling) and, last on the way out, adds the request's common headers (X-Request-Id,
 * Server-Timing) and writes the request line: the access log (no tokens, no bodies) and the
 * request's CloudWatch metrics in one JSON line (docs/operations.md).
 */
export function requestContext(routeName: string): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  const finish = (request: { event: ApiEvent; context: ApiContext; response: ApiResult | null }) => {
    const { api } = request.context;
    const telemetry = telemetries.get(request.context);
    if (!api || !telemetry) return;
    const now = performance.now();
    if (request.response) {
      request.response.headers = {
        ...request.response.headers,
        ...api.responseHeaders,
        'X-Request-Id': api.requestId,
        'Server-Timing': serverTiming(telemetry, now),
      };
    }
    const status = request.response?.statusCode ?? 500;
    const latencyMs = now - telemetry.startedAt;
    const cfg = config();
    const metrics = cfg.METRICS === 'emf' && cfg.LOG_LEVEL !== 'silent';
    if (metrics || logs('info')) {
      writeLine('info', 'request', {
        method: request.event.requestContext?.http?.method,
        path: request.event.rawPath,
        status,
        ms: Math.round(latencyMs * 100) / 100,
        ...(metrics
          ? emfMembers(
              { shopId: api.principal?.shopId ?? '-', route: routeName, status, latencyMs },
              telemetry,
            )
          : {}),
      });
    }
    telemetry.ended = true;
  };
  return {
    before: (request) => {
      const { event, context } = request;
      const requestId = context.awsRequestId || event.requestContext?.requestId || crypto.randomUUID();
      const sampleRate = config().LOG_SAMPLE_RATE;
      const telemetry = beginRequest({
        requestId,
        route: routeName,
        shopId: event.pathParameters?.shopId,
        functionName: context.functionName || process.env.AWS_LAMBDA_FUNCTION_NAME,
        traceId: traceId(event),
        debug: sampleRate > 0 && Math.random() < sampleRate,
      });
      telemetries.set(context, telemetry);
      context.api = {
        requestId,
        startedAt: Date.now(),
        baseUrl: baseUrl(event),
        responseHeaders: {},
      };
    },
    after: finish,
    onError: finish,
  };
}

const TRACE_ROOT = /(?:^|;)\s*Root=(1-[0-9a-f]{8}-[0-9a-f]{24})(?:;|$)/;

/** The X-Ray trace id: Lambda's for this invocation, else the one API Gateway passed on (local). */
function traceId(event: ApiEvent): string | undefined {
  const header = process.env._X_AMZN_TRACE_ID ?? event.headers?.['x-amzn-trace-id'] ?? '';
  return TRACE_ROOT.exec(header)?.[1];
}

/** Scheme and host the client used, for absolute links. */
function baseUrl(event: ApiEvent): string {
  const host = event.headers?.host ?? event.requestContext?.domainName ?? 'localhost';
  const forwarded = event.headers?.['x-forwarded-proto'];
  const local = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);
  return `${forwarded ?? (local ? 'http' : 'https')}://${host}`;
}
