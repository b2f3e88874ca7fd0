import type { MiddlewareObj } from '@middy/core';
import { config } from '../../config';
import { NotAcceptable } from '../errors';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

export const MEDIA_TYPE_V1 = 'application/vnd.service.v1+json';

/**
 * docs/api-rules.md "Transport": the Accept header must name the v1 media type, else 406; every response,
 * errors included, carries X-Service-Media-Type.
 */
export function versioning(): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  const stamp = (request: { response: ApiResult | null }) => {
    if (request.response)
      request.response.headers = { ...request.response.headers, 'X-Service-Media-Type': MEDIA_TYPE_V1 };
  };
  return {
    before: (request) => {
      if (!acceptsV1(request.event.headers?.accept, config().LEGACY_ACCEPT)) throw new NotAcceptable();
    },
    after: stamp,
    onError: stamp,
  };
}

/**
 * Whether an Accept header selects v1: the media type among the listed ones, case-insensitive,
 * parameters ignored. With `legacy`, a missing Accept and `*\/*` count as v1 too (docs/api-rules.md
 * "Transport").
 */
export function acceptsV1(accept: string | undefined, legacy: boolean): boolean {
  if (accept === undefined || accept.trim() === '') return legacy;
  const types = accept.split(',').map((part) => (part.split(';')[0] ?? '').trim().toLowerCase());
  return types.includes(MEDIA_TYPE_V1) || (legacy && types.includes('*/*'));
}
