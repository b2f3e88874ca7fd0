import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { tokenFor } from './api';
import { inPool, type WireRequest, type WireResponse } from './fuzz-http';
import { leaksOf } from './isolation-world';
import type { SampleRequest } from './routes';

/**
 * One cell of the isolation matrix: a request that must be refused (or must not find, list or
 * accept what belongs to the other shop), the statuses allowed, and an optional extra check.
 */
export interface Cell {
  name: string;
  request: WireRequest;
  expect: readonly number[];
  /** Returns a problem, or undefined when the answer is right. */
  check?: (response: WireResponse, body: any) => string | undefined;
}

export interface RequestOptions {
  method?: string;
  /** Default: an all-scopes token of demo; null = none. */
  token?: string | null;
  cartToken?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  contentType?: string;
}

/** A v1 request as a client sends it. */
export function wireRequest(path: string, options: RequestOptions = {}): WireRequest {
  const token = options.token === undefined ? tokenFor('demo') : options.token;
  const headers: Record<string, string> = { accept: MEDIA_TYPE_V1 };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.cartToken) headers['x-service-cart-token'] = options.cartToken;
  const body = options.body !== undefined ? JSON.stringify(options.body) : options.rawBody;
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  return { method: options.method ?? 'GET', path, headers, ...(body !== undefined ? { body } : {}) };
}

/** A route's sample request with another token and cart token (or the sample's own). */
export function sampleWire(
  sample: SampleRequest,
  options: { token?: string | null; cartToken?: string; path?: string } = {},
): WireRequest {
  return wireRequest(options.path ?? sample.path, {
    method: sample.method,
    token: options.token,
    cartToken: options.cartToken ?? sample.cartToken,
    ...(sample.rawBody !== undefined ? { rawBody: sample.rawBody, contentType: sample.contentType } : {}),
  });
}

/**
 * Runs the cells (a few at a time) and returns one line per wrong answer: a status outside the
 * allowed ones, a failed check, or a fingerprint of the other shop that the request did not send.
 */
export async function runCells(
  cells: readonly Cell[],
  send: (request: WireRequest) => Promise<WireResponse>,
  fingerprints: readonly string[],
): Promise<string[]> {
  const problems = await inPool(cells, 6, async (cell) => {
    const response = await send(cell.request);
    let body: unknown;
    try {
      body = response.text ? JSON.parse(response.text) : undefined;
    } catch {
      body = undefined;
    }
    const found: string[] = [];
    if (!cell.expect.includes(response.status))
      found.push(`status ${response.status}, expected ${cell.expect.join(' or ')}`);
    const problem = response.status < 500 ? cell.check?.(response, body) : undefined;
    if (problem) found.push(problem);
    const sent = `${cell.request.path}\n${cell.request.body ?? ''}`;
    const leaks = leaksOf(response.text, sent, fingerprints);
    if (leaks.length > 0) found.push(`reveals ${leaks.join(', ')}`);
    return found.length > 0
      ? `${cell.name} [${cell.request.method} ${cell.request.path}]: ${found.join('; ')} — ${response.text.slice(0, 200)}`
      : undefined;
  });
  return problems.filter((p): p is string => p !== undefined);
}
