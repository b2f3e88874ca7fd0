import { readFileSync } from 'node:fs';
import { CART_TOKEN_HEADER } from '../../lib/http/middleware/cart-token';
import { IDEMPOTENCY_KEY_HEADER } from '../../lib/http/middleware/idempotency';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { type Route, routeList, SCOPES } from '../../lib/routes';
import { ErrorBody } from '../../lib/schemas/responses/common';
import { routeResponses } from '../../lib/schemas/responses/route-responses';
import { type RouteRequestSchemas, routeRequestSchemas } from '../../lib/schemas/route-schemas';
import { errorStatuses, errorStatusesOf } from './errors';
import { componentSchemas, type JsonSchema, requestSchema, responseSchema } from './json-schema';

/**
 * Recorded answers of the demo shop by operation and status (infra/openapi/examples.json); `_errors`
 * holds one error body per status for the shared error responses.
 */
export type Examples = Record<string, Record<string, unknown>>;

type Json = Record<string, unknown>;

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Headers on every response (docs/api-rules.md "Rate limit", "Transport"; and Server-Timing). */
const COMMON_HEADERS = [
  'X-Service-Media-Type',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Server-Timing',
];

const BODY_TYPES: Record<Route['body'], string[]> = {
  none: [],
  json: ['application/json'],
  form: ['application/json', 'application/x-www-form-urlencoded'],
  patch: ['application/json', 'application/json-patch+json'],
  multipart: ['multipart/form-data'],
};

/**
 * An upload's form (docs/catalog.md "Images (slideshow)"): its parts are bytes, which zod does not describe.
 */
const UPLOAD_FORM: JsonSchema = {
  type: 'object',
  required: ['image'],
  properties: {
    image: {
      type: 'string',
      format: 'binary',
      description:
        'The image file (PNG, JPEG, GIF or ICO); its file name (ending in .png, .jpg, .jpeg, .gif or .ico) becomes the image name. The whole body is at most 4,194,304 bytes.',
    },
  },
};

/**
 * The OpenAPI 3.1 document of the API, built from THE route table (lib/routes.ts), the request
 * schemas the handlers validate with (lib/schemas/route-schemas.ts) and the response schemas
 * (lib/schemas/responses). `npm run openapi` writes it to openapi.json; docs/api-reference.md.
 */
export function openApiDocument(examples: Examples = {}): Json {
  const paths: Record<string, Json> = {};
  for (const route of routeList) {
    paths[route.path] ??= {};
    (paths[route.path] as Json)[route.method.toLowerCase()] = operation(route, examples[route.name] ?? {});
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shop API',
      version: '1.0.0',
      summary: 'Serverless shop commerce REST API: carts, orders, products, categories, customers.',
      description: [
        `Every request names the API version in \`Accept: ${MEDIA_TYPE_V1}\` (else 406) and carries a`,
        'bearer token of the shop in `{shopId}` (OAuth 2.0 client credentials; a scope may carry a',
        'resource-server prefix such as `shop-api/carts_read`). Cart routes also need the cart token of',
        `\`${CART_TOKEN_HEADER}\`, returned once by POST /{shopId}/carts. Bodies are JSON`,
        '(`application/json; charset=utf-8`); every 4xx/5xx body is the `Error` schema. A known path asked',
        'with a method it does not have answers 405 with an `Allow` header; an unknown path 404.',
      ].join(' '),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      { url: '/', description: 'The API that serves this document' },
      { url: 'http://127.0.0.1:3000', description: 'The local twin (npm start)' },
    ],
    security: [{ oauth2: [] }, { bearerAuth: [] }],
    tags: [...new Set(routeList.map(tagOf))].map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A token already issued (the oauth2 flow, or locally `npm run token`), pasted as is; the scope the operation names must be in it.',
        },
        oauth2: {
          type: 'oauth2',
          description:
            'Client credentials at the stack output TokenUrl (docs/deploy.md); locally `npm run token`. A token is bound to one shop.',
          flows: {
            clientCredentials: {
              tokenUrl: 'https://shop-demo.auth.eu-central-1.amazoncognito.com/oauth2/token',
              scopes: Object.fromEntries(SCOPES.map((s) => [s, scopeText(s)])),
            },
          },
        },
      },
      parameters: {
        CartToken: {
          name: CART_TOKEN_HEADER,
          in: 'header',
          required: true,
          description: 'The cart token returned by POST /{shopId}/carts.',
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          required: false,
          description:
            'Retries with the same key are safe (beyond the spec): POST /{shopId}/carts replays its first answer for 24 hours; a checkout answers the order its key placed, marked Idempotent-Replayed.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
        IfMatch: {
          name: 'If-Match',
          in: 'header',
          required: false,
          description: 'Change the cart, product or order only while it is still at this ETag (else 412).',
          schema: { type: 'string' },
        },
      },
      headers: headerComponents(),
      responses: Object.fromEntries(
        errorStatuses.map((e) => [
          e.component,
          {
            description: e.description,
            headers: headersOf([
              ...COMMON_HEADERS,
              ...(e.status === 429 || e.status === 503 ? ['Retry-After'] : []),
            ]),
            content: {
              [MEDIA_TYPE_V1]: {
                schema: responseSchema(ErrorBody),
                ...(examples._errors?.[e.status] === undefined
                  ? {}
                  : { example: examples._errors[e.status] }),
              },
            },
          },
        ]),
      ),
      schemas: componentSchemas(),
    },
  };
}

/** The description of a success status (200 and any other: OK). */
const DESCRIPTION_OF: Record<string, string> = {
  '201': 'Created.',
  '202': 'Accepted: taken, and nothing told about what was there before.',
  '204': 'Done; no body.',
  '303': 'See Other: the answer is at Location (the same URL is in the body).',
};

function operation(route: Route, examples: Record<string, unknown>): Json {
  const request = (routeRequestSchemas as Record<string, RouteRequestSchemas>)[route.name] ?? {};
  const changesCart = handlerChangesCart(route);
  const honoursIfMatch = changesCart || handlerReadsIfMatch(route);
  const parameters: unknown[] = [
    ...parametersOf(request.path, 'path'),
    ...parametersOf(request.query, 'query'),
  ];
  if (route.cartToken) parameters.push(ref('parameters', 'CartToken'));
  if (route.idempotent) parameters.push(ref('parameters', 'IdempotencyKey'));
  if (honoursIfMatch) parameters.push(ref('parameters', 'IfMatch'));
  const responses: Json = {};
  for (const [status, schema] of Object.entries(routeResponses[route.name as keyof typeof routeResponses])) {
    const headers = [...COMMON_HEADERS];
    if (
      (schema && responseSchema(schema).$ref === '#/components/schemas/Cart') ||
      handlerSendsProductEtag(route) ||
      handlerSendsOrderEtag(route)
    )
      headers.push('ETag');
    if (status === '201' && handlerSendsLocation(route)) headers.push('Location');
    if (route.name === 'createCart') headers.push(CART_TOKEN_HEADER);
    const example = examples[status];
    responses[status] = {
      description: DESCRIPTION_OF[status] ?? 'OK.',
      // A 303's Location is where the answer is (GET /products/export), not a created resource.
      headers: {
        ...headersOf(headers),
        ...(status === '303' ? { Location: ref('headers', 'SeeOther') } : {}),
      },
      ...(schema
        ? {
            content: {
              [MEDIA_TYPE_V1]: {
                schema: responseSchema(schema),
                ...(example === undefined ? {} : { example }),
              },
            },
          }
        : {}),
    };
  }
  for (const status of errorStatusesOf(route, honoursIfMatch)) {
    const error = errorStatuses.find((e) => e.status === status);
    if (error) responses[String(status)] = ref('responses', error.component);
  }
  return {
    operationId: route.name,
    summary: summaryOf(route),
    tags: [tagOf(route)],
    // Either scheme: bearerAuth is where the docs page takes a pasted token (docs/api-reference.md).
    security: [{ oauth2: route.scope ? [route.scope] : [] }, { bearerAuth: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(request.body && route.body !== 'none' ? { requestBody: requestBodyOf(route, request.body) } : {}),
    responses,
    'x-scope': route.scope ?? 'any token of the shop',
  };
}

function parametersOf(schema: RouteRequestSchemas['path'], where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = requestSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBodyOf(route: Route, schema: NonNullable<RouteRequestSchemas['body']>): Json {
  if (route.body === 'multipart')
    return { required: true, content: { 'multipart/form-data': { schema: UPLOAD_FORM } } };
  const json = requestSchema(schema);
  // An optional body (POST /carts may be empty) is a schema that accepts undefined.
  const optional = (schema as { '~standard': { validate: (v: unknown) => unknown } })['~standard'].validate(
    undefined,
  );
  const required = !(optional && typeof optional === 'object' && !('issues' in optional && optional.issues));
  return {
    required,
    content: Object.fromEntries(BODY_TYPES[route.body].map((type) => [type, { schema: json }])),
  };
}

/**
 * Whether the handler answers with a Location header (the 201s that create a resource of their own;
 * POST line-items and multi-line-items answer 201 with the cart and no Location).
 */
function handlerSendsLocation(route: Route): boolean {
  return /\bLocation\b/.test(readFileSync(route.handler, 'utf8'));
}

/** Whether the handler changes the cart through cartWrite (its use case honours If-Match, lib/use-cases/cart/change-cart.ts). */
function handlerChangesCart(route: Route): boolean {
  return route.cartToken && /\bcartWrite\(/.test(readFileSync(route.handler, 'utf8'));
}

/** Routes beyond carts that honour If-Match (PATCH /products/{p}): their handler passes it on. */
function handlerReadsIfMatch(route: Route): boolean {
  return /headers\['if-match'\]/.test(readFileSync(route.handler, 'utf8'));
}

/** Product routes that answer with the product's ETag (lib/http/product-reply.ts). */
function handlerSendsProductEtag(route: Route): boolean {
  return /\bproductReply\(/.test(readFileSync(route.handler, 'utf8'));
}

/** Order routes that answer with the order's ETag (lib/http/order-reply.ts). */
function handlerSendsOrderEtag(route: Route): boolean {
  return /\borderReply\(/.test(readFileSync(route.handler, 'utf8'));
}

const TAGS: Record<string, string> = {
  carts: 'Carts: line items, coupon, addresses, shipping and payment data (cart token routes).',
  orders: 'Orders made from carts, and their invoice and credit-note documents.',
  products: 'Products, their variations, custom attributes, cross-selling, search and product types.',
  'shipping-methods': 'Shipping methods and their prices.',
  categories: 'The category tree, its sequence and product assignments.',
  tax: 'Tax classes and the tax model.',
  customers: 'Customers of the shop.',
  legal: 'The legal contact information.',
  shop: 'The shop: name, locales, currencies and links to everything else.',
};

function tagOf(route: Route): string {
  const segment = route.path.split('/')[2];
  if (!segment || segment === 'locales' || segment === 'currencies') return 'shop';
  if (segment === 'product-category-assignments') return 'categories';
  if (segment === 'search' || segment === 'producttypes') return 'products';
  if (segment === 'tax-classes' || segment === 'tax-model') return 'tax';
  return segment;
}

/** "listShippingMethods" → "List shipping methods". */
function summaryOf(route: Route): string {
  const words = route.name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function scopeText(scope: string): string {
  const [area, access] = scope.split('_');
  if (scope.endsWith('_read_batch')) return `Read all ${area} at once (the export)`;
  return `${access === 'read' ? 'Read' : 'Change'} ${area}${access === 'price' ? ' prices' : ''}`;
}

function headersOf(names: string[]): Json {
  return Object.fromEntries(names.map((n) => [n, ref('headers', n)]));
}

function headerComponents(): Json {
  const header = (description: string, schema: Json = { type: 'string' }, required = false) => ({
    description,
    ...(required ? { required } : {}),
    schema,
  });
  return {
    'X-Service-Media-Type': header('The media type of the version served.', { const: MEDIA_TYPE_V1 }, true),
    'X-RateLimit-Limit': header('Requests allowed per token and hour (after authentication).', {
      type: 'string',
      pattern: '^\\d+$',
    }),
    'X-RateLimit-Remaining': header('Requests left in the current hour.', {
      type: 'string',
      pattern: '^\\d+$',
    }),
    'X-RateLimit-Reset': header('When the hour ends (ISO 8601).', { type: 'string', format: 'date-time' }),
    'Retry-After': header('Seconds to wait before trying again.', { type: 'string', pattern: '^\\d+$' }),
    'Server-Timing': header(
      "What the request cost: time in DynamoDB with its calls and consumed units, and the function's own time (docs/operations.md).",
      { type: 'string' },
      true,
    ),
    ETag: header(
      'The version of the cart, product or order; send it back in If-Match.',
      { type: 'string' },
      true,
    ),
    Location: header('The created resource.', { type: 'string' }, true),
    SeeOther: header(
      'Where the answer is: a presigned URL, valid 15 minutes, that needs (and must not get) an Authorization header.',
      { type: 'string', format: 'uri' },
      true,
    ),
    [CART_TOKEN_HEADER]: header(
      'The cart token: send it with every request on this cart; returned only here.',
      { type: 'string' },
      true,
    ),
  };
}
