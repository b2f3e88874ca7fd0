import { inject } from 'vitest';
import { issueDevToken } from '../../infra/local/dev-issuer';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import type { Scope } from '../../lib/routes';
import { checkResponse } from './response-check';

/** What a client sees of a response. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  method?: string;
  /** A bearer token; default: an all-scopes token of the path's shop. null = no Authorization. */
  token?: string | null;
  body?: unknown;
  /** Raw body text or bytes (sent as is). */
  rawBody?: string | Buffer;
  contentType?: string;
  cartToken?: string;
  accept?: string | null;
  headers?: Record<string, string>;
  /** Another server than the run's API (a second function instance in the test's process). */
  baseUrl?: string;
}

/** Calls the local API over real HTTP, with the v1 Accept header and a token unless told otherwise. */
export async function call<T = any>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const shop = path.split('/')[1] ?? 'demo';
  const headers: Record<string, string> = { ...options.headers };
  if (options.accept !== null) headers.accept = options.accept ?? MEDIA_TYPE_V1;
  const token = options.token === undefined ? tokenFor(shop) : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.cartToken) headers['x-service-cart-token'] = options.cartToken;
  let body: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const url = `${options.baseUrl ?? inject('apiUrl')}${path}`;
  const method = options.method ?? 'GET';
  const response = await fetch(url, {
    method,
    headers,
    body,
    // What the API answers: a 303 (GET /products/export) is the answer, not a hop to follow.
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the test sees the text
  }
  if (hrefSink) collectHrefs(parsed, hrefSink);
  checkResponse(method, url, response.status, parsed, text, response.headers);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** A link target seen in a response body: `href` with the `rel` of the object that carries it. */
export interface SeenHref {
  href: string;
  rel: string | undefined;
}

let hrefSink: ((seen: SeenHref) => void) | undefined;

/**
 * Hands every href of every later response body (links[], category parent and subCategories,
 * variation items, anywhere) to `sink`, until called with undefined: the links test follows them.
 */
export function onHref(sink: ((seen: SeenHref) => void) | undefined): void {
  hrefSink = sink;
}

function collectHrefs(value: unknown, sink: (seen: SeenHref) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) collectHrefs(item, sink);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.href === 'string') {
      sink({ href: record.href, rel: typeof record.rel === 'string' ? record.rel : undefined });
    }
    for (const child of Object.values(record)) collectHrefs(child, sink);
  }
}

const tokens = new Map<string, string>();

/** A dev-issuer token for a shop with the given scopes (default all), cached per test file. */
export function tokenFor(shop: string, scopes?: readonly Scope[], expiresIn?: number): string {
  const key = `${shop}|${scopes?.join(' ') ?? '*'}|${expiresIn ?? ''}`;
  let token = tokens.get(key);
  if (!token) {
    token = issueDevToken(shop, {
      ...(scopes ? { scope: scopes } : {}),
      ...(expiresIn !== undefined ? { expiresIn } : {}),
    });
    tokens.set(key, token);
  }
  return token;
}

/** Creates a cart through the API; returns its id, token and body. */
/**
 * A preparation's call, asked again after its Retry-After while it answers 503 (at most 5 times), as a
 * client does: a suite on two busy CPUs sometimes sees DynamoDB Local stall past the API's timeout.
 */
export async function answered<T = any>(send: () => Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (response.status !== 503 || attempt === 5) return response;
    const seconds = Number(response.headers.get('retry-after') ?? 1);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

export async function createCart(shop = 'demo', body: unknown = {}) {
  const response = await answered(() => call(`/${shop}/carts`, { method: 'POST', body }));
  if (response.status !== 201) throw new Error(`cart creation failed: ${response.status} ${response.text}`);
  return {
    cartId: response.body.cartId as string,
    cartToken: response.headers.get('x-service-cart-token') as string,
    response,
  };
}
