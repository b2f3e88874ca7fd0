import { jsonOf } from '../speed/json-text';
import type { ApiResult, Reply } from './types';

/** 200 with a JSON body. */
export const ok = (body: unknown, headers?: Record<string, string>): Reply => ({
  status: 200,
  body,
  headers,
});
/** 201 with a JSON body. */
export const created = (body: unknown, headers?: Record<string, string>): Reply => ({
  status: 201,
  body,
  headers,
});
/** 202 with a JSON body: taken, with nothing said about what was there before. */
export const accepted = (body: unknown): Reply => ({ status: 202, body });
/** 204 without a body. */
export const noContent = (): Reply => ({ status: 204 });

/**
 * The API Gateway result of a reply: JSON, UTF-8 (never HTML: docs/api-rules.md "Transport"); a JsonText body
 * as it is.
 */
export function toResult(reply: Reply): ApiResult {
  const hasBody = reply.body !== undefined && reply.status !== 204;
  return {
    statusCode: reply.status,
    headers: {
      ...(hasBody ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
      ...reply.headers,
    },
    body: hasBody ? jsonOf(reply.body) : '',
  };
}
