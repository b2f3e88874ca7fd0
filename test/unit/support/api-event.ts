import { readFileSync } from 'node:fs';
import type { Request } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { ApiContext, ApiEvent, ApiResult, PipelineState } from '../../../lib/http/types';

/**
 * Shared fixtures of the middleware unit tests: API Gateway v2 events built from the sample events
 * under events/ (STYLE rule 11: fixtures come from events/, not copied literals), a Lambda context
 * and the hand-made Middy request object the middlewares receive.
 */

/** A deep copy of a sample event, e.g. `sampleEvent('products/list-products')`. */
export function sampleEvent(name: string): ApiEvent {
  const file = new URL(`../../../events/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as ApiEvent;
}

/** A sample event with headers replaced (merged) and other fields overridden. */
export function eventWith(
  name: string,
  overrides: Partial<Omit<ApiEvent, 'headers'>> & { headers?: Record<string, string | undefined> } = {},
): ApiEvent {
  const base = sampleEvent(name);
  const { headers, ...rest } = overrides;
  const merged: Record<string, string> = { ...base.headers } as Record<string, string>;
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return { ...base, ...rest, headers: merged };
}

/** A Lambda context as the runtime hands it over (no `api` yet). */
export function lambdaContext(awsRequestId = 'req-unit-1'): ApiContext {
  const context: Context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'unit',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-central-1:000000000000:function:unit',
    memoryLimitInMB: '128',
    awsRequestId,
    logGroupName: '/aws/lambda/unit',
    logStreamName: 'unit',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  return context as ApiContext;
}

/** The pipeline state request-context would have created. */
export function pipelineState(overrides: Partial<PipelineState> = {}): PipelineState {
  return {
    requestId: 'req-unit-1',
    startedAt: Date.now(),
    baseUrl: 'http://127.0.0.1:3000',
    responseHeaders: {},
    ...overrides,
  };
}

export type ApiRequestObject = Request<ApiEvent, ApiResult, Error, ApiContext>;

/** The request object Middy hands to before/after/onError, with `context.api` already set. */
export function middyRequest(
  event: ApiEvent,
  options: { api?: Partial<PipelineState>; response?: ApiResult | null; error?: Error | null } = {},
): ApiRequestObject {
  const context = lambdaContext();
  context.api = pipelineState(options.api);
  return {
    event,
    context,
    response: options.response ?? null,
    error: options.error ?? null,
    internal: {},
  };
}

/** The JSON body of a structured result. */
export function jsonBody(result: ApiResult | null | undefined): Record<string, unknown> {
  return JSON.parse(result?.body ?? 'null') as Record<string, unknown>;
}
