import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { type RouteName, routes } from '../../lib/routes';
import { answerMessage, SmokeFailure } from './smoke-failure';

/** One answer of the API as the smoke test reads it. */
export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  /**
   * The parsed JSON body (the text when it is not JSON), typed as the caller expects it: its fields
   * are checked where the smoke relies on them.
   */
  body: T;
  /** What was asked, for the step line: `GET /demo/products`. */
  request: string;
}

/** A request of the smoke test; `expect` is the status that counts as success (default 200). */
export interface CallOptions {
  /** Values of the route's path ids ({productId}, …); {shopId} is the run's shop. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body (the slideshow upload); fetch writes its content type with the boundary. */
  form?: FormData;
  cartToken?: string;
  expect?: number;
}

/** The client of one smoke run: every request carries the v1 media type and the merchant token. */
export interface SmokeApi {
  /** Calls a route of the route table (lib/routes.ts) by name, so the smoke uses the table's paths. */
  call<T = unknown>(route: RouteName, options?: CallOptions): Promise<ApiAnswer<T>>;
  /** Calls a path below the API's base URL that is no route of the table (GET /openapi.json). */
  request<T = unknown>(method: string, path: string, options?: CallOptions): Promise<ApiAnswer<T>>;
  /** Fetches a public URL the API handed out (an image), without the token: it is not the API's. */
  fetchPublic(url: string): Promise<{ status: number; contentType: string; bytes: number; request: string }>;
}

export interface SmokeApiOptions {
  /** The API's base URL, with or without a trailing slash (the stack's ApiUrl output has one). */
  url: string;
  shop: string;
  token: string;
  /** How long one request may take before the run fails (default 30 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Makes the smoke run's client (global fetch, a timeout per request, clear messages on failure). */
export function smokeApi({ url, shop, token, timeoutMs = DEFAULT_TIMEOUT_MS }: SmokeApiOptions): SmokeApi {
  const base = url.replace(/\/+$/, '');

  const send = async <T>(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer<T>> => {
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const request = `${method} ${path}${query}`;
    const headers: Record<string, string> = { accept: MEDIA_TYPE_V1, authorization: `Bearer ${token}` };
    if (options.cartToken) headers['x-service-cart-token'] = options.cartToken;
    let body: string | FormData | undefined = options.form;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const { response, text } = await timed(request, timeoutMs, base, async (signal) => {
      // `manual`: a 303 is the API's answer to check, not a hop to follow.
      const response = await fetch(`${base}${path}${query}`, {
        method,
        headers,
        body,
        signal,
        redirect: 'manual',
      });
      return { response, text: await response.text() };
    });
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: the check below shows the text.
    }
    const expected = options.expect ?? 200;
    if (response.status !== expected)
      throw new SmokeFailure(
        `${request}: expected ${expected}, got ${response.status}: ${answerMessage(parsed, text)}`,
        response.status,
      );
    return { status: response.status, headers: response.headers, body: parsed as T, request };
  };

  return {
    call: <T>(route: RouteName, options: CallOptions = {}) =>
      send<T>(routes[route].method, pathOf(route, shop, options.params), options),
    request: send,
    async fetchPublic(target) {
      const request = `GET ${target}`;
      return timed(request, timeoutMs, target, async (signal) => {
        const response = await fetch(target, { signal });
        const bytes = (await response.arrayBuffer()).byteLength;
        return {
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          bytes,
          request,
        };
      });
    },
  };
}

/** The route's path with the shop and the given ids in place (each URL-encoded). */
export function pathOf(route: RouteName, shop: string, params: Record<string, string> = {}): string {
  const values: Record<string, string> = { ...params, shopId: shop };
  return routes[route].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/**
 * Runs one exchange (request and whole body) under a deadline, and says in words what went wrong
 * when no answer came: a timeout, or a server that cannot be reached (fetch's own "fetch failed"
 * names neither).
 */
async function timed<T>(
  request: string,
  timeoutMs: number,
  target: string,
  step: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  try {
    return await step(AbortSignal.timeout(timeoutMs));
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new SmokeFailure(`${request}: no answer within ${timeoutMs / 1000} s`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new SmokeFailure(`${request}: could not reach ${new URL(target).origin} (${reason})`);
  }
}
