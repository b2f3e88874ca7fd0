import { MEDIA_TYPE_V1 } from '../../../lib/http/middleware/versioning';
import type { Answer, RouteCall } from './steps';

/** Where a walk goes over HTTP: the API's base URL (no trailing slash), the shop and a bearer token. */
export interface HttpTarget {
  baseUrl: string;
  shopId: string;
  /** A token of the shop with every scope the walk needs (all: issueDevToken(shopId) locally). */
  token: string;
}

/**
 * A RouteCall over fetch to `${baseUrl}/${shopId}${path}`, with the v1 Accept header and the token
 * (a header given by the step, e.g. another Accept, wins). Redirects are not followed: a 303 is the
 * answer. A body that is not JSON is handed back as text.
 */
export function httpRouteCall({ baseUrl, shopId, token }: HttpTarget): RouteCall {
  return async (_name, method, path, body, headers) => {
    const multipart = body instanceof FormData;
    const response = await fetch(`${baseUrl}/${shopId}${path}`, {
      method,
      headers: {
        accept: MEDIA_TYPE_V1,
        authorization: `Bearer ${token}`,
        // FormData sets its own content type, with the boundary.
        ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    const answer: Answer = { status: response.status, body: parse(text), headers: response.headers };
    return answer;
  };
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
