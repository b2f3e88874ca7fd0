import middy from '@middy/core';
import { errorShaping } from './middleware/error-shaping';
import { requestContext } from './middleware/request-context';
import type { ApiContext, ApiEvent, ApiResult } from './types';

/**
 * A handler that answers one fixed JSON document to anyone: no token, no shop, no media-type
 * negotiation (tools fetch API descriptions with `Accept: application/json`), no rate limit (there is
 * no token to count; the stage throttle still applies). Only for the API's own description
 * (docs/api-reference.md "The docs page"); every API resource goes through `endpoint`.
 */
export function publicDocument(name: string, document: unknown) {
  const body = JSON.stringify(document);
  return middy<ApiEvent, ApiResult, Error, ApiContext>()
    .use(requestContext(name))
    .use(errorShaping())
    .handler(async () => ({
      statusCode: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
      body,
    }));
}
