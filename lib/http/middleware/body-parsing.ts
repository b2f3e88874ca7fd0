import type { MiddlewareObj } from '@middy/core';
import type { BodyKind, Route } from '../../routes';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../errors';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

/** docs/api-rules.md "Transport": bodies over 256 KiB are 413. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * docs/catalog.md "Images (slideshow)": an upload's whole body, framing included, up to 4 MB: the one
 * exception.
 */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

const ACCEPTED: Record<Exclude<BodyKind, 'none' | 'multipart'>, string[]> = {
  json: ['application/json'],
  form: ['application/json', 'application/x-www-form-urlencoded'],
  patch: ['application/json', 'application/json-patch+json'],
};

/**
 * Parses a multipart/form-data body into the raw body for the route's schema (lib/http/multipart.ts:
 * busboy, which only the upload's bundle carries).
 */
export type MultipartParser = (body: Buffer, contentType: string) => Promise<unknown>;

/**
 * Parses the request body by the route's body kind (docs/api-rules.md "Transport"): size 413, content
 * type 415, malformed JSON 400 (Middy's own JSON parser would answer 415). Routes that take no
 * body ignore whatever is sent. A route that takes one needs it (400) unless it allows an empty
 * body (`emptyBodyAllowed`, e.g. POST /carts), which then parses as undefined.
 */
export function bodyParsing(
  route: Route,
  parseMultipart?: MultipartParser,
): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  // At import, so a bundle missing its parser fails to start rather than answer 500s.
  if (route.body === 'multipart' && !parseMultipart)
    throw new Error(`${route.name} takes multipart/form-data bodies: its endpoint needs parseMultipart`);
  return {
    before: (request) => {
      if (route.body === 'none') return;
      const { event } = request;
      if (event.body === undefined || event.body === null || event.body === '') return noBody(route);
      const bytes = event.isBase64Encoded
        ? Buffer.from(event.body, 'base64')
        : Buffer.from(event.body, 'utf8');
      if (route.body === 'multipart')
        // A blank body is no body (decoding a few bytes to see it; an upload's bytes never are).
        return bytes.length < 64 && bytes.toString('utf8').trim() === ''
          ? noBody(route)
          : parseUpload(request, bytes, parseMultipart as MultipartParser);
      if (bytes.length > MAX_BODY_BYTES) throw new PayloadTooLarge(MAX_BODY_BYTES);
      const text = bytes.toString('utf8');
      if (text.trim() === '') return noBody(route);
      const accepted = ACCEPTED[route.body];
      const mediaType = (event.headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!accepted.includes(mediaType)) throw new UnsupportedMediaType(accepted);
      request.context.api.rawBody =
        mediaType === 'application/x-www-form-urlencoded' ? parseForm(text) : parseJson(text);
    },
  };
}

/**
 * A multipart/form-data upload (binary: API Gateway and the twin hand it over base64-encoded): at
 * most MAX_UPLOAD_BYTES (413), no content type 400, another type 415, broken framing 400; the parts
 * become the raw body for the route's schema (lib/http/multipart.ts).
 */
async function parseUpload(
  request: { event: ApiEvent; context: ApiContext },
  bytes: Buffer,
  parseMultipart: MultipartParser,
): Promise<void> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new PayloadTooLarge(MAX_UPLOAD_BYTES);
  const contentType = request.event.headers?.['content-type'] ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === '')
    throw new BadRequest('Invalid request', [
      { field: 'Content-Type', message: 'send the image as multipart/form-data' },
    ]);
  if (mediaType !== 'multipart/form-data') throw new UnsupportedMediaType(['multipart/form-data']);
  request.context.api.rawBody = await parseMultipart(bytes, contentType);
}

/** An absent or blank body: fine where the route allows it, else 400 naming the body. */
function noBody(route: Route): void {
  if (route.emptyBodyAllowed) return;
  throw new BadRequest('Invalid request', [{ field: 'body', message: 'a request body is required' }]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest('Malformed JSON body');
  }
}

/** A form body as an object; a repeated field becomes an array. */
export function parseForm(text: string): Record<string, string | string[]> {
  // No prototype: fields named __proto__ or constructor stay plain fields.
  const result: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const existing = result[key];
    result[key] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}
