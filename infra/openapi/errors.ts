import type { Route } from '../../lib/routes';

/** An error status the API answers, with the text openapi.json gives it. */
export interface ErrorStatus {
  status: number;
  component: string;
  description: string;
}

const ERRORS = {
  400: ['BadRequest', 'Invalid input: the body names the failed fields in `errors`.'],
  403: [
    'Forbidden',
    'Missing, invalid or expired token, a token of another shop, a missing scope, or (cart routes) a missing or wrong cart token.',
  ],
  404: ['NotFound', 'No such shop or resource.'],
  406: ['NotAcceptable', 'The Accept header does not name application/vnd.service.v1+json.'],
  409: [
    'Conflict',
    'Conflict with the current state (a concurrent change, a taken value, a reused Idempotency-Key, not enough stock: each short line in `errors` with what is `available`).',
  ],
  410: ['Gone', 'The cart became an order.'],
  412: ['PreconditionFailed', 'If-Match names another version of the cart or product than the current one.'],
  413: ['PayloadTooLarge', 'The request body is larger than 256 KiB.'],
  415: ['UnsupportedMediaType', 'The Content-Type of the body is not one this operation accepts.'],
  429: [
    'TooManyRequests',
    'The hourly request limit of the token is used up; Retry-After says when to try again.',
  ],
  500: ['InternalServerError', 'An unexpected condition; the body carries only a requestId.'],
  503: [
    'ServiceUnavailable',
    'A dependency is unavailable for a moment; Retry-After says when to try again.',
  ],
} as const satisfies Record<number, readonly [string, string]>;

/** Every error status of the document, for components.responses. */
export const errorStatuses: ErrorStatus[] = Object.entries(ERRORS).map(
  ([status, [component, description]]) => ({
    status: Number(status),
    component,
    description,
  }),
);

/**
 * The error statuses one operation can answer (docs/api-rules.md "Errors and status codes", "Cart token and
 * cart states", "Transport"): every operation validates its path and query (400), authenticates (403), looks
 * up the shop (404), negotiates the version (406), counts the call (429) and may fail (500, 503); writes can
 * conflict (409); cart routes can be gone (410); routes that change a cart or product honour If-Match (412);
 * routes with a body check its size and type (413, 415). 405 belongs to no operation: it answers a
 * method a path does not have (described in the document's info).
 */
export function errorStatusesOf(route: Route, honoursIfMatch: boolean): number[] {
  const statuses = [400, 403, 404, 406];
  if (route.writes) statuses.push(409);
  if (route.cartToken) statuses.push(410);
  if (honoursIfMatch) statuses.push(412);
  if (route.body !== 'none') statuses.push(413, 415);
  statuses.push(429, 500, 503);
  return statuses;
}
