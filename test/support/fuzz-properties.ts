import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import type { WireResponse } from './fuzz-http';

const ERROR_KEYS = new Set(['status', 'message', 'errors']);

/**
 * What every answer must be, whatever was sent (docs/api-rules.md "Transport", "Errors and status codes"):
 * never a 5xx; errors are `application/json; charset=utf-8` with X-Service-Media-Type and the body
 * `{status: "<code>", message, errors?: [{field, message}]}` whose status is the HTTP status;
 * successes are JSON (204: empty; 303 with Location). Returns the broken rules, none when the answer is right.
 */
export function brokenRules(response: WireResponse): string[] {
  const problems: string[] = [];
  const { status, headers, text } = response;
  if (status >= 500) problems.push(`answered ${status}`);
  // The one redirect: GET /products/export answers 303 with Location (docs/catalog.md "Export").
  if (status === 303 && !headers.location) problems.push('303 without Location');
  if (status < 200 || (status >= 300 && status < 400 && status !== 303))
    problems.push(`unexpected status ${status}`);
  if (headers['x-service-media-type'] !== MEDIA_TYPE_V1) problems.push('no X-Service-Media-Type');
  if (status === 204) {
    if (text !== '') problems.push('204 with a body');
    return problems;
  }
  if (headers['content-type'] !== 'application/json; charset=utf-8')
    problems.push(`Content-Type ${headers['content-type']}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push('body is not JSON');
    return problems;
  }
  if (status >= 400) problems.push(...errorBodyProblems(status, body));
  if (status === 405 && !headers.allow) problems.push('405 without Allow');
  return problems;
}

function errorBodyProblems(status: number, body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return ['error body is not an object'];
  const problems: string[] = [];
  const error = body as Record<string, unknown>;
  const extra = Object.keys(error).filter((k) => !ERROR_KEYS.has(k));
  if (extra.length > 0) problems.push(`error body has ${extra.join(', ')}`);
  if (error.status !== String(status)) problems.push(`error status ${JSON.stringify(error.status)}`);
  if (typeof error.message !== 'string' || error.message === '') problems.push('error message missing');
  if (error.errors !== undefined) {
    const fine =
      Array.isArray(error.errors) &&
      error.errors.every(
        (e) =>
          typeof e === 'object' &&
          e !== null &&
          typeof e.field === 'string' &&
          typeof e.message === 'string' &&
          Object.keys(e).every((k) => k === 'field' || k === 'message'),
      );
    if (!fine) problems.push('errors is not [{field, message}]');
  }
  return problems;
}
