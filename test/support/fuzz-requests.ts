import fc from 'fast-check';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { type Route, routeList } from '../../lib/routes';
import type { FuzzCart, FuzzContext, FuzzSample } from './fuzz-context';
import { encodeSegment, type WireRequest } from './fuzz-http';
import {
  junkHeader,
  junkKey,
  junkQueryValue,
  junkSegment,
  junkValue,
  queryKey,
  RawJson,
  rawLiteral,
} from './fuzz-values';

/** A generated request and what was done to it (for the report). */
export interface FuzzRequest extends WireRequest {
  route: string;
  /** How the body was made: valid, mutated, malformed, ... */
  bodyKind: string;
}

const weighted = <T>(...pairs: [number, fc.Arbitrary<T>][]) =>
  fc.oneof(...pairs.map(([weight, arbitrary]) => ({ weight, arbitrary })));

/**
 * The routes fuzzed: every route of the table (so a new route is fuzzed without a change here) but
 * the multipart uploads (POST .../slideshow): their bodies are bytes (an image inside multipart
 * framing), which this generator of JSON and text bodies cannot make valid, so the route would never
 * answer 2xx here. test/api/slideshow.test.ts sends it every broken body instead (415, 400s, 413).
 */
export const FUZZED_ROUTES = routeList.filter((route) => route.body !== 'multipart');

/** Requests over the fuzzed routes. */
export function fuzzRequest(ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...FUZZED_ROUTES).chain((route) => routeRequest(ctx, route));
}

function routeRequest(ctx: FuzzContext, route: Route): fc.Arbitrary<FuzzRequest> {
  const sample = ctx.samples.get(route.name) as FuzzSample;
  const cartPool = route.name === 'createOrder' ? [...ctx.orderCarts, ...ctx.carts.slice(0, 3)] : ctx.carts;
  const cart: fc.Arbitrary<FuzzCart | null> = route.cartToken
    ? weighted<FuzzCart | null>([12, fc.constantFrom(...cartPool)], [1, fc.constant(null)])
    : fc.constant(null);
  return cart.chain((chosen) =>
    fc
      .record({
        method: weighted(
          [30, fc.constant(route.method)],
          [1, fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')],
        ),
        path: pathOf(ctx, route, sample, chosen),
        query: queryOf(sample.query),
        body: bodyOf(route, sample),
        headers: headersOf(ctx, route, chosen),
      })
      .map(({ method, path, query, body, headers }) => {
        const all: Record<string, string> = { ...headers };
        if (body.text !== undefined) {
          const contentType = body.contentType ?? headers['content-type'];
          if (contentType !== undefined) all['content-type'] = contentType;
          else delete all['content-type'];
        } else delete all['content-type'];
        return fitted({
          route: route.name,
          bodyKind: body.kind,
          method,
          path: query ? `${path}?${query}` : path,
          headers: all,
          ...(body.text !== undefined ? { body: body.text } : {}),
        });
      }),
  );
}

/**
 * API Gateway refuses a request line and headers over 10 KiB before any Lambda runs (the local
 * server's limit is 16 KiB); the fuzzer aims at the API, so it trims the query, then the longest
 * header, until the request fits in 9,000 bytes.
 */
const MAX_HEAD_BYTES = 9000;

function fitted(request: FuzzRequest): FuzzRequest {
  const size = (r: FuzzRequest) =>
    r.path.length + Object.entries(r.headers).reduce((total, [k, v]) => total + k.length + v.length + 4, 0);
  const result = { ...request, headers: { ...request.headers } };
  while (size(result) > MAX_HEAD_BYTES) {
    const queryAt = result.path.indexOf('?');
    if (queryAt >= 0) {
      result.path = result.path.slice(
        0,
        Math.max(queryAt, result.path.length - (size(result) - MAX_HEAD_BYTES)),
      );
      if (result.path.endsWith('?')) result.path = result.path.slice(0, -1);
      continue;
    }
    const [longest] = Object.entries(result.headers).sort(([, a], [, b]) => b.length - a.length)[0] ?? [];
    if (!longest) break;
    delete result.headers[longest];
  }
  return result;
}

/** The path: valid ids mostly, junk segments sometimes; cart routes use a pool cart and its lines. */
function pathOf(ctx: FuzzContext, route: Route, sample: FuzzSample, cart: FuzzCart | null) {
  const segments = route.path
    .split('/')
    .slice(1)
    .map((segment): fc.Arbitrary<string> => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!param) return fc.constant(segment);
      if (param === 'shopId')
        return weighted(
          [19, fc.constant(ctx.shop)],
          [
            1,
            fc.oneof(
              fc.constantFrom('demo', 'other', ctx.shop.toUpperCase(), `${ctx.shop}%23CART`),
              junkSegment,
            ),
          ],
        );
      const own = CART_PARAMS.has(param) ? undefined : sample.params[param];
      // A delete, or a product PATCH (its sample sets stock), takes only its own sample's object: one
      // from the pool would delete the category another route's sample updates, or stock the sold-out
      // product addWatcher's sample watches, and that route would never answer 2xx again. A category
      // sequence too: its valid body names all its own sample's children, so a new category created
      // under that parent by another request would make it 400 for good; creations stay under their own.
      const ownOnly = route.method === 'DELETE' || OWN_OBJECT_ONLY.has(route.name);
      const valid = ownOnly && own ? [own] : validIds(ctx, param, sample, cart);
      if (valid.length === 0) return junkSegment;
      // The sample's own id half the time: its valid body often names it (a category update, a
      // sequence of its children), so the route's success path is reached too.
      const id = own
        ? weighted([1, fc.constant(own)], [1, fc.constantFrom(...valid)])
        : fc.constantFrom(...valid);
      return weighted([7, id.map(encodeSegment)], [3, junkSegment]);
    });
  return fc.tuple(...segments).map((parts) => `/${parts.join('/')}`);
}

/** Routes whose path names only their own sample's object (see pathOf). */
const OWN_OBJECT_ONLY = new Set(['patchProduct', 'updateCategorySequence', 'createCategory']);

/** Path parameters taken from the request's pool cart, never from the sample. */
const CART_PARAMS = new Set(['cartId', 'lineItemId', 'couponLineItemId']);

function validIds(ctx: FuzzContext, param: string, sample: FuzzSample, cart: FuzzCart | null): string[] {
  if (param === 'cartId') return cart ? [cart.cartId] : [];
  if (param === 'lineItemId') return cart ? cart.lineItemIds : [];
  if (param === 'couponLineItemId') return cart ? [cart.couponLineItemId] : [];
  return [...new Set([sample.params[param] as string, ...(ctx.ids[param] ?? [])])];
}

/** The sample's query, or it with wrong, repeated, unknown or undecodable parameters. */
function queryOf(sampleQuery: string): fc.Arbitrary<string> {
  const pair = fc
    .tuple(queryKey, junkQueryValue, fc.boolean())
    .map(([key, value, encode]) =>
      encode
        ? `${encodeSegment(key)}=${encodeSegment(value)}`
        : `${encodeSegment(key)}=${value.replace(/[^\x21-\x7e]/g, '')}`,
    );
  return weighted(
    [5, fc.constant(sampleQuery)],
    [1, fc.constant('')],
    [
      8,
      fc
        .tuple(fc.boolean(), fc.array(pair, { minLength: 1, maxLength: 5 }))
        .map(([keep, pairs]) => [...(keep && sampleQuery ? [sampleQuery] : []), ...pairs].join('&')),
    ],
    [
      1,
      fc.constantFrom('%', '%zz=1', '&&&', '==', 'page', 'page=1&page=2', '?=?', 'a=%E0%A4%A', 'locale=%00'),
    ],
    [
      1,
      fc.integer({ min: 11, max: 40 }).map((n) => Array.from({ length: n }, (_, i) => `id=p${i}`).join('&')),
    ],
  );
}

const CONTENT_TYPES: Record<Route['body'], string> = {
  none: 'application/json',
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  patch: 'application/json-patch+json',
  multipart: 'multipart/form-data',
};

/** Accept, Authorization, cart token, content type, Idempotency-Key, If-Match. */
function headersOf(
  ctx: FuzzContext,
  route: Route,
  cart: FuzzCart | null,
): fc.Arbitrary<Record<string, string>> {
  const bearer = `Bearer ${ctx.token}`;
  const optional = (arbitrary: fc.Arbitrary<string | undefined>) => arbitrary;
  return fc
    .record({
      accept: optional(
        weighted<string | undefined>(
          [19, fc.constant(MEDIA_TYPE_V1)],
          [
            1,
            fc.oneof(
              fc.constantFrom(
                undefined,
                '*/*',
                'application/json',
                'application/vnd.service.v2+json',
                'APPLICATION/VND.SERVICE.V1+JSON; q=0.1',
                `text/html, ${MEDIA_TYPE_V1};q=0.9`,
                'application/vnd.service.v1',
              ),
              junkHeader,
            ),
          ],
        ),
      ),
      authorization: weighted<string | undefined>(
        [18, fc.constant(bearer)],
        [
          2,
          fc.oneof(
            fc.constantFrom(
              undefined,
              'Bearer',
              'Bearer ',
              'Bearer garbage',
              'Basic dXNlcjpwYXNz',
              `bearer ${ctx.token}`,
              `Bearer ${ctx.token} extra`,
              `Bearer ${ctx.token.slice(0, -5)}`,
              `Bearer ${'a'.repeat(2000)}`,
              'Bearer a.b.c',
              `${bearer},${bearer}`,
            ),
            fc.constantFrom(...ctx.otherTokens).map((t) => `Bearer ${t}`),
            junkHeader,
          ),
        ],
      ),
      cartToken: cart
        ? weighted<string | undefined>(
            [18, fc.constant(cart.cartToken)],
            [
              2,
              fc.oneof(
                fc.constantFrom(undefined, '', ...ctx.carts.slice(-2).map((c) => c.cartToken)),
                junkHeader,
              ),
            ],
          )
        : route.cartToken
          ? fc.oneof(fc.constant(undefined), junkHeader)
          : fc.constant(undefined),
      contentType: weighted<string | undefined>(
        [9, fc.constant(CONTENT_TYPES[route.body])],
        [
          1,
          fc.oneof(
            fc.constantFrom(
              undefined,
              'text/plain',
              'application/xml',
              'application/json; charset=utf-16',
              'APPLICATION/JSON',
              'multipart/form-data; boundary=x',
              'application/x-www-form-urlencoded',
              'application/json-patch+json',
              'application/merge-patch+json',
              '',
              ';;;',
              'application/json;',
            ),
            junkHeader,
          ),
        ],
      ),
      idempotencyKey: route.idempotent
        ? weighted<string | undefined>(
            [9, fc.constant(undefined)],
            [
              1,
              fc.oneof(fc.uuid(), fc.constantFrom('x'.repeat(300), ' ', '', 'key with spaces'), junkHeader),
            ],
          )
        : fc.constant(undefined),
      ifMatch: weighted<string | undefined>(
        [19, fc.constant(undefined)],
        [1, fc.oneof(fc.constantFrom('"1"', '*', 'W/"abc"', '"999999999"', ''), junkHeader)],
      ),
    })
    .map((h) => {
      const headers: Record<string, string> = {};
      if (h.accept !== undefined) headers.accept = h.accept;
      if (h.authorization !== undefined) headers.authorization = h.authorization;
      if (h.cartToken !== undefined) headers['x-service-cart-token'] = h.cartToken;
      if (h.contentType !== undefined) headers['content-type'] = h.contentType;
      if (h.idempotencyKey !== undefined) headers['idempotency-key'] = h.idempotencyKey;
      if (h.ifMatch !== undefined) headers['if-match'] = h.ifMatch;
      return headers;
    });
}

/** Every kind of body the fuzzer makes (the fuzz test checks each one was sent and answered). */
export const FUZZ_BODY_KINDS = [
  'none',
  'valid',
  'mutated',
  'mutated-json',
  'huge-array',
  'form-junk',
  'not-an-object',
  'malformed',
  'raw-literal',
  'empty',
  'oversized',
] as const;

interface Body {
  kind: (typeof FUZZ_BODY_KINDS)[number];
  text?: string;
  /** Overrides the generated content type (form bodies on form routes). */
  contentType?: string;
}

/** docs/api-rules.md "Transport": bodies over 256 KiB are 413; this is a little over. */
const OVERSIZED = 256 * 1024 + 1;

/** The body: the sample as is, mutated, not an object, malformed, deep, huge, oversized, empty. */
function bodyOf(route: Route, sample: FuzzSample): fc.Arbitrary<Body> {
  const junkBodies: [number, fc.Arbitrary<Body>][] = [
    [
      3,
      fc
        .constantFrom('null', '1', '"x"', 'true', '[]', '{}', '[null]', '-0', '1e999')
        .map((text) => ({ kind: 'not-an-object', text })),
    ],
    [
      3,
      fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":}',
            "{'a':1}",
            '{"a":1,}',
            '\ufeff{}',
            'NaN',
            '[1,2',
            '{"a":1}{"b":2}',
            '\u0000',
            '{"a":"\\x"}',
            '{"a":"\ud800"}',
          ),
          fc.string({ maxLength: 50 }),
        )
        .map((text) => ({ kind: 'malformed', text })),
    ],
    [3, rawLiteral.map((text) => ({ kind: 'raw-literal', text }))],
    [3, fc.constant({ kind: 'empty', text: '' })],
    [
      1,
      fc.constantFrom('x', 'ü', '{"a":1},').map((unit) => ({
        kind: 'oversized',
        text: `[${`"${unit.repeat(Math.ceil(OVERSIZED / unit.length))}"`}]`,
      })),
    ],
  ];
  if (route.body === 'none' || sample.body === undefined) {
    return weighted<Body>([36, fc.constant({ kind: 'none' })], ...junkBodies);
  }
  const base = parseSample(route, sample.body);
  const stringify = (value: unknown) =>
    route.body === 'form' && isFormable(value) && !(value instanceof RawJson)
      ? { text: formText(value), contentType: 'application/x-www-form-urlencoded' }
      : { text: toJsonText(value) };
  return weighted<Body>(
    [
      15,
      fc.constant({
        kind: 'valid',
        text: sample.body,
        ...(sample.contentType ? { contentType: sample.contentType } : {}),
      }),
    ],
    [30, mutations(base).map((value) => ({ kind: 'mutated', ...stringify(value) }))],
    [
      6,
      mutations(base).map((value) => ({
        kind: 'mutated-json',
        text: toJsonText(value),
        ...(route.body === 'form' ? { contentType: 'application/json' } : {}),
      })),
    ],
    [3, bigArrays(base).map((value) => ({ kind: 'huge-array', text: toJsonText(value) }))],
    ...(route.body === 'form' ? [[6, formJunk] as [number, fc.Arbitrary<Body>]] : []),
    ...junkBodies,
  );
}

const formJunk = fc
  .constantFrom(
    'code=%zz',
    'code',
    '=&=',
    `code=${'x'.repeat(100)}`,
    'code=a&code=b',
    'categoryId=&productId=',
    '%',
    'a=1&a=2&a=3',
    'code=%00',
  )
  .map((text) => ({ kind: 'form-junk', text, contentType: 'application/x-www-form-urlencoded' }));

function parseSample(route: Route, body: string): unknown {
  if (route.body === 'form' && !body.trimStart().startsWith('{')) {
    const value: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body)) value[k] = v;
    return value;
  }
  return JSON.parse(body);
}

const isFormable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function formText(value: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(value)) {
    const v = value[key];
    for (const item of Array.isArray(v) ? v : [v])
      params.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
  }
  return params.toString();
}

/** JSON text of a value, with RawJson parts spliced in as written. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@RAW${raws.length - 1}@@`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"@@RAW(\d+)@@"/g, (_, i) => raws[Number(i)] as string);
}

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (value instanceof RawJson) return out;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...prefix, i]));
  } else if (value && typeof value === 'object')
    for (const key of Object.keys(value))
      out.push(...pathsOf((value as Record<string, unknown>)[key], [...prefix, key]));
  return out;
}

/** A deep copy that keeps RawJson parts and own keys named __proto__. */
function clone(value: unknown): unknown {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) define(copy, key, clone((value as Record<string, unknown>)[key]));
  return copy;
}

function define(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function get(root: unknown, path: Path): unknown {
  let node = root;
  for (const part of path) node = (node as Record<string | number, unknown>)[part];
  return node;
}

/** Replaces the node at `path` (the root when empty). */
function put(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = get(root, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent[last as number] = value;
  else define(parent, String(last), value);
  return root;
}

type Mutation = [pathIndex: number, op: number, junk: unknown, key: string, times: number];

function applyMutation(base: unknown, [pathIndex, op, junk, key, times]: Mutation): unknown {
  const root = clone(base);
  const paths = pathsOf(root);
  const path = paths[pathIndex % paths.length] as Path;
  const node = get(root, path);
  switch (op % 7) {
    case 0:
      return put(root, path, junk);
    case 1: {
      // Remove the member (or empty the root).
      if (path.length === 0) return Array.isArray(root) ? [] : {};
      const parent = get(root, path.slice(0, -1));
      const last = path[path.length - 1] as string | number;
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete (parent as Record<string, unknown>)[String(last)];
      return root;
    }
    case 2:
      if (node && typeof node === 'object' && !Array.isArray(node) && !(node instanceof RawJson)) {
        define(node as Record<string, unknown>, key, junk);
        return root;
      }
      return put(root, path, [node]);
    case 3:
      return put(
        root,
        path,
        Array.isArray(node)
          ? [...node, ...Array.from({ length: times }, () => clone(node[0]))]
          : { value: node },
      );
    case 4:
      return put(
        root,
        path,
        typeof node === 'number'
          ? String(node)
          : typeof node === 'string'
            ? Number(node) || node.length
            : junk,
      );
    case 5:
      // A bad character spliced into a value that is otherwise right (an e-mail address, an id).
      return typeof node === 'string'
        ? put(
            root,
            path,
            `${node.slice(0, times % (node.length + 1))}${badChar(times)}${node.slice(times % (node.length + 1))}`,
          )
        : put(root, path, junk);
    default:
      return put(root, path, junk);
  }
}

/** A lone surrogate, NUL or another control character, by number. */
function badChar(n: number): string {
  return ['\ud800', '\udfff', '\u0000', '\u001b', '\u0007', '\u007f', '\ud9d2', '\u0008'][n % 8] as string;
}

/** One to three mutations of the sample body. */
function mutations(base: unknown): fc.Arbitrary<unknown> {
  const mutation = fc.tuple(fc.nat(), fc.nat(), junkValue, junkKey, fc.integer({ min: 1, max: 150 }));
  return fc
    .array(mutation, { minLength: 1, maxLength: 3 })
    .map((list) => list.reduce<unknown>((value, m) => applyMutation(value, m as Mutation), base));
}

/** Arrays over the limits: the body's arrays (or the body in one) grown to 101..1000 entries. */
function bigArrays(base: unknown): fc.Arbitrary<unknown> {
  return fc.tuple(fc.nat(), fc.integer({ min: 101, max: 1000 })).map(([pathIndex, size]) => {
    const root = clone(base);
    const arrays = pathsOf(root).filter((p) => Array.isArray(get(root, p)));
    if (arrays.length === 0) return Array.from({ length: size }, () => clone(base));
    const path = arrays[pathIndex % arrays.length] as Path;
    const node = get(root, path) as unknown[];
    return put(
      root,
      path,
      Array.from({ length: size }, (_, i) => clone(node[i % Math.max(1, node.length)] ?? i)),
    );
  });
}
