import middy from '@middy/core';
import type { CartRecord } from '../domain/cart/cart';
import type { ViewContext } from '../domain/links';
import type { Route } from '../routes';
import type * as z from '../schemas/zod';
import { auth } from './middleware/auth';
import { bodyParsing, type MultipartParser } from './middleware/body-parsing';
import { cartToken } from './middleware/cart-token';
import { startFirstRead } from './middleware/early-read';
import { errorShaping } from './middleware/error-shaping';
import { idempotency } from './middleware/idempotency';
import { rateLimit } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { type InputSchemas, validation } from './middleware/validation';
import { versioning } from './middleware/versioning';
import { toResult } from './reply';
import type { ApiContext, ApiEvent, ApiResult, Principal, Reply } from './types';

type Out<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** What a handler gets: validated input, the caller, and for cart routes the loaded cart. */
export interface ApiRequest<R extends Route, S extends InputSchemas> {
  shopId: string;
  path: Out<S['path']>;
  query: Out<S['query']>;
  body: Out<S['body']>;
  principal: Principal;
  cart: R['cartToken'] extends true ? CartRecord : undefined;
  /** The catalog version read with the cart (cart routes), for requireCatalog. */
  catalogVersion?: number | null;
  /** The catalog version being read (catalog reads; lib/http/middleware/early-read.ts), for answerFromCatalog. */
  catalogVersionRead: R['catalogRead'] extends true ? Promise<number | null> : undefined;
  headers: Readonly<Record<string, string | undefined>>;
  /**
   * The checkout's Idempotency-Key as its hash, never the key: the cart it orders keeps it, so a
   * retry is recognised (lib/use-cases/orders/place-order.ts).
   */
  checkoutKeyHash?: string;
  /** The query string as sent (next links of lists keep the request's filters). */
  rawQuery: string;
  requestId: string;
  /** For rendering: base URL, shop, and the locale (the handler sets the resolved one). */
  view: (locale: string) => ViewContext;
}

/** What only some routes need, passed by their handler so that no other bundle carries it. */
export interface EndpointOptions {
  /** The multipart/form-data parser of a route whose body is `multipart` (lib/http/multipart.ts). */
  parseMultipart?: MultipartParser;
}

/**
 * Builds a route's Lambda handler: the whole middleware chain in the order docs/architecture.md states, then
 * `fn`. Handlers never call middy() themselves and never repeat their method, path or scope. Who you
 * are and what you address (auth 403, cart 404/403/410) come before what you sent (body 400/413/415,
 * validation 400): docs/api-rules.md "Cart token and cart states", docs/decisions.md "Check order".
 */
export function endpoint<R extends Route, S extends InputSchemas>(
  route: R,
  schemas: S,
  fn: (request: ApiRequest<R, S>) => Promise<Reply>,
  options: EndpointOptions = {},
) {
  return middy<ApiEvent, ApiResult, Error, ApiContext>()
    .use(requestContext(route.name))
    .use(versioning())
    .use(errorShaping())
    .use(auth(route))
    .use(startFirstRead(route, 'early'))
    .use(rateLimit())
    .use(idempotency(route))
    .use(cartToken(route))
    .use(bodyParsing(route, options.parseMultipart))
    .use(validation(schemas, route))
    .use(startFirstRead(route, 'late'))
    .handler(
      async (event, context) => context.api.replay ?? toResult(await fn(apiRequest<R, S>(event, context))),
    );
}

function apiRequest<R extends Route, S extends InputSchemas>(
  event: ApiEvent,
  context: ApiContext,
): ApiRequest<R, S> {
  const { api } = context;
  const shopId = event.pathParameters?.shopId as string;
  return {
    shopId,
    path: api.input?.path as Out<S['path']>,
    query: api.input?.query as Out<S['query']>,
    body: api.input?.body as Out<S['body']>,
    principal: api.principal as Principal,
    cart: api.cart as ApiRequest<R, S>['cart'],
    catalogVersion: api.catalogVersion,
    catalogVersionRead: api.catalogVersionRead as ApiRequest<R, S>['catalogVersionRead'],
    headers: event.headers ?? {},
    checkoutKeyHash: api.checkoutKeyHash,
    rawQuery: event.rawQueryString ?? '',
    requestId: api.requestId,
    view: (locale) => ({ baseUrl: api.baseUrl, shopId, locale }),
  };
}
