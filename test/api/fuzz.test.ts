import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../infra/local/server';
import { MAX_QUANTITY } from '../../lib/domain/cart/cart';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { newCart } from '../support/carts';
import { type FuzzContext, fuzzContext } from '../support/fuzz-context';
import { inPool, type WireResponse, wireClient } from '../support/fuzz-http';
import { brokenRules } from '../support/fuzz-properties';
import { FUZZ_BODY_KINDS, FUZZED_ROUTES, type FuzzRequest, fuzzRequest } from '../support/fuzz-requests';
import { fuzzTally } from '../support/fuzz-tally';
import { useLocalTable } from '../support/local-env';
import { privateDemoShop } from '../support/shops';

/**
 * Property-based fuzzing of every route through real HTTP (hardening: "robustness"). fast-check
 * generates the requests from a fixed seed (FUZZ_SEED overrides it; FUZZ_RUNS the count), so a
 * failure names the seed and the request's index and runs again the same way. They go to a private
 * copy of the demo shop (the fuzzer writes; demo stays as other test files expect it).
 */

// The seed of the day the last route came in. The run needs a 2xx from every route, which depends on
// the draws: with GET …/coupons added, seed 20261121 left updateLineItem (its requests need a pool
// cart, that cart's token and one of its lines) without a 2xx at 3,000 and 4,000 requests (5,000
// passed); 20261129 reaches every route at 3,000. A new route may need a new seed or more requests.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);
// 3,000 by default: each of the 95 fuzzed routes gets some 30 requests (every one answered), and the
// suite's 8 minutes hold (the fuzz runs alone after the API tests: 2,000 more took ~12 s).
// `FUZZ_RUNS=50000 npx vitest run test/api/fuzz.test.ts` for a longer search.
const RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);
const CONCURRENCY = 8;

const client = wireClient(inject('apiUrl'), CONCURRENCY);
let ctx: FuzzContext;

beforeAll(async () => {
  useLocalTable();
  ctx = await fuzzContext(await privateDemoShop('fuzz'));
});

afterAll(() => client.close());

/** A short, reproducible description of a request. */
function describeRequest(index: number, request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : ` body(${request.bodyKind}, ${request.body.length}B)=${String(request.body).slice(0, 160)}`;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'authorization' || !request.headers.authorization?.includes(ctx.token))
    .map(([name, value]) => `${name}: ${value.slice(0, 60)}`)
    .join('; ');
  return `#${index} ${request.route}: ${request.method} ${request.path.slice(0, 200)} [${headers}]${body}`;
}

describe('fuzzing every route', () => {
  it(`answers ${RUNS} generated requests without a 5xx, always in the API's shape`, {
    timeout: 180_000,
  }, async () => {
    // Prepare
    const started = Date.now();
    const requests = fc.sample(fuzzRequest(ctx), { seed: SEED, numRuns: RUNS });
    const histogram = new Map<number, number>();
    const failures: string[] = [];
    // What the server really answered, by route and by body kind: requests generated but never
    // sent, or sent and never answered, must not pass for fuzzing.
    const answers = fuzzTally();
    let gatewayRefused = 0;

    // Act
    await inPool([...requests.entries()], CONCURRENCY, async ([index, request]) => {
      const response = await client.send(request).catch((error: Error) => ({
        status: 0,
        headers: {},
        text: `transport error ${error.message}`,
      }));
      histogram.set(response.status, (histogram.get(response.status) ?? 0) + 1);
      answers.record(request, response);
      // A body beyond API Gateway's payload limit never reaches a function: the gateway answers 413
      // itself, in AWS and on the twin alike, without the API's headers.
      const gatewayRefuses = Buffer.byteLength(request.body ?? '') > MAX_BODY_BYTES;
      if (gatewayRefuses) gatewayRefused += 1;
      const broken = gatewayRefuses
        ? response.status === 413
          ? []
          : [`expected the gateway's 413 for a body over ${MAX_BODY_BYTES} bytes`]
        : brokenRules(response);
      if (broken.length > 0)
        failures.push(
          `${describeRequest(index, request)}\n   → ${response.status} ${broken.join(', ')}: ${response.text.slice(0, 300)}`,
        );
    });

    // Assess
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...histogram].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(
      `fuzz: ${answers.answered()} of ${requests.length} requests answered over ${new Set(requests.map((r) => r.route)).size} routes in ${seconds} s (seed ${SEED}, FUZZ_SEED to change); statuses ${statuses.join(', ')}`,
    );
    if (histogram.has(429)) console.warn('fuzz: the rate limit answered 429 during the run');
    expect(failures.slice(0, 25)).toEqual([]);
    expect(answers.answered()).toBe(RUNS - gatewayRefused);
    expect(answers.routesUnanswered(FUZZED_ROUTES.map((r) => r.name))).toEqual([]);
    expect(answers.routesNeverHandled()).toEqual([]);
    expect(answers.bodyKindsUnanswered(FUZZ_BODY_KINDS)).toEqual([]);
  });

  it('answers the edge requests it once found broken, and rarer ones, without a 5xx', async () => {
    // Prepare
    const cart = await newCart(ctx.shop);
    const send = (path: string, options: { method?: string; body?: unknown; rawBody?: string } = {}) =>
      client.send({
        method: options.method ?? 'GET',
        path: `/${ctx.shop}${path}`,
        headers: {
          accept: MEDIA_TYPE_V1,
          authorization: `Bearer ${ctx.token}`,
          'x-service-cart-token': cart.cartToken,
          ...(options.body !== undefined || options.rawBody !== undefined
            ? { 'content-type': 'application/json' }
            : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.rawBody !== undefined ? { body: options.rawBody } : {}),
      });
    const most = { productId: 'titanium-mug', quantity: MAX_QUANTITY };
    const untrackMug = () =>
      client.send({
        method: 'PATCH',
        path: `/${ctx.shop}/products/titanium-mug`,
        headers: {
          accept: MEDIA_TYPE_V1,
          authorization: `Bearer ${ctx.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify([{ op: 'remove', path: '/stocklevel' }]),
      });
    // Incompressible text just under the body limit, in both locales of the legal item.
    const noise = (n: number) =>
      Array.from({ length: n }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20_000))).join('');
    const legal = { shortDescription: noise(28_000), description: noise(28_000), address: noise(28_000) };

    // Act
    const cases: [string, Promise<WireResponse>, number[]][] = [
      // A cart window past the year 9999 made DynamoDB refuse the range (500).
      ['carts created after 9999-12-31', send('/carts?createdAfter=9999-12-31T23:59:59Z'), [200]],
      [
        'orders before the year 0000 in UTC',
        send('/orders?createdBefore=0000-01-01T00:00:00%2B01:00'),
        [400],
      ],
      ['orders after the year 9999 in UTC', send('/orders?createdAfter=9999-12-31T23:59:59-01:00'), [400]],
      ['carts before the year 0000 in UTC', send('/carts?createdBefore=0000-01-01T00:00:00%2B01:00'), [400]],
      // A lone surrogate in a customer's e-mail address made its key builder throw (500).
      [
        'a lone surrogate in a customer e-mail address',
        send('/customers', {
          method: 'POST',
          rawBody: '{"billingAddress":{"country":"DE","emailAddress":"\\ud9d2"}}',
        }),
        [400],
      ],
      // Adding a product again raised its line past the quantity limit (money math beyond 2^53).
      // (The mug untracked first: the run above may have patched its stock, and stock is not the point.)
      [
        'a line raised past the quantity limit',
        untrackMug()
          .then(() => send(`/carts/${cart.cartId}/line-items`, { method: 'POST', body: most }))
          .then(() => send(`/carts/${cart.cartId}/line-items`, { method: 'POST', body: most })),
        [400],
      ],
      [
        'a new cart with one product twice at the limit',
        send('/carts', { method: 'POST', body: { lineItems: [most, most] } }),
        [400],
      ],
      [
        'the legal text of both locales near the body limit',
        send('/legal/contact-information?locale=en_GB', { method: 'PUT', body: legal }).then(() =>
          send('/legal/contact-information?locale=de_DE', { method: 'PUT', body: legal }),
        ),
        [200],
      ],
    ];
    const answers = await Promise.all(cases.map(async ([name, response]) => [name, await response] as const));

    // Assess
    const wrong = answers
      .map(([name, response], i) => {
        const expected = cases[i]?.[2] ?? [];
        const broken = [
          ...brokenRules(response),
          ...(expected.includes(response.status)
            ? []
            : [`status ${response.status}, expected ${expected.join('/')}`]),
        ];
        return broken.length > 0 ? `${name}: ${broken.join(', ')} ${response.text.slice(0, 200)}` : undefined;
      })
      .filter(Boolean);
    expect(wrong).toEqual([]);
  });
});
