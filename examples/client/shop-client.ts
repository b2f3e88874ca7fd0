import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './shop-api-types';

/** The media type every request names (docs/api-rules.md "Transport"); without it the API answers 406. */
const MEDIA_TYPE_V1 = 'application/vnd.service.v1+json';

export interface ShopClientOptions {
  /** The API root: locally http://127.0.0.1:3000, in AWS the stack output ApiUrl. */
  baseUrl: string;
  /** A bearer token of the shop (locally `npm run token`; in AWS the client-credentials flow). */
  token: string;
}

/**
 * A thin typed client of the shop API: openapi-fetch over the types openapi-typescript generates
 * from openapi.json (`npm run openapi` regenerates both). Paths, parameters, bodies and answers are
 * checked by the compiler; every request carries the vendor Accept header and the token.
 */
export function shopClient({ baseUrl, token }: ShopClientOptions) {
  const client = createClient<paths>({ baseUrl });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('Accept', MEDIA_TYPE_V1);
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(auth);
  return client;
}

export type ShopClient = ReturnType<typeof shopClient>;

/** The answer's body, or an Error naming the operation and the API's error message. */
export function bodyOf<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data;
  const message = (result.error as { message?: string } | undefined)?.message ?? result.response.statusText;
  throw new Error(`${what}: ${result.response.status} ${message}`);
}
