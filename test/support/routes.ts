import { loadSampleEvent } from '../../infra/local/sample-event';
import { readScopeOf } from '../../lib/domain/webhooks/event-scopes';
import type { WebhookEventType } from '../../lib/domain/webhooks/webhook';
import { type Route, routeList, type Scope } from '../../lib/routes';
import { type CallOptions, call } from './api';
import { useLocalTable } from './local-env';

export interface SampleRequest {
  route: Route;
  method: string;
  path: string;
  /** The body as sent: bytes where the event carries it base64-encoded (an image upload). */
  rawBody?: string | Buffer;
  contentType?: string;
  cartToken?: string;
}

/**
 * A concrete, valid request for every route of the table, made from its sample event under
 * events/ (fresh carts and other objects where the event names placeholders): the rows of the
 * matrix tests.
 */
export async function sampleRequests(): Promise<SampleRequest[]> {
  useLocalTable();
  return Promise.all(
    routeList.map(async (route) => {
      const event = (await loadSampleEvent(route)) as {
        rawPath: string;
        rawQueryString?: string;
        body?: string;
        isBase64Encoded?: boolean;
        headers: Record<string, string>;
      };
      return {
        route,
        method: route.method,
        path: event.rawQueryString ? `${event.rawPath}?${event.rawQueryString}` : event.rawPath,
        ...(event.body !== undefined
          ? {
              rawBody: event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body,
              contentType: event.headers['content-type'],
            }
          : {}),
        ...(event.headers['x-service-cart-token']
          ? { cartToken: event.headers['x-service-cart-token'] }
          : {}),
      };
    }),
  );
}

/** Sends a sample request, with a token of choice (default: all scopes of the shop). */
export function callSample(sample: SampleRequest, options: Pick<CallOptions, 'token' | 'accept'> = {}) {
  return call(sample.path, {
    method: sample.method,
    ...(sample.rawBody !== undefined ? { rawBody: sample.rawBody, contentType: sample.contentType } : {}),
    ...(sample.cartToken ? { cartToken: sample.cartToken } : {}),
    ...options,
  });
}

/** A success answer: 2xx, or the 303 of GET /products/export (its answer is a redirect to the file). */
export function succeeded(status: number): boolean {
  return (status >= 200 && status < 300) || status === 303;
}

/**
 * The scopes a sample's body needs beside its route's own: a webhook's event types need the read
 * scope of the data they deliver (docs/webhooks.md "Who may subscribe to what").
 */
export function dataScopes(sample: SampleRequest): Scope[] {
  if (sample.route.name !== 'createWebhook' && sample.route.name !== 'patchWebhook') return [];
  const body = JSON.parse(String(sample.rawBody)) as
    | { eventTypes: WebhookEventType[] }
    | { path: string; value: WebhookEventType[] }[];
  const types = Array.isArray(body)
    ? body.filter((op) => op.path === '/eventTypes').flatMap((op) => op.value)
    : body.eventTypes;
  return [...new Set(types.map(readScopeOf).filter((scope) => scope !== undefined))] as Scope[];
}
