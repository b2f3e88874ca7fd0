import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { smokeApi } from '../../infra/smoke/api-client';
import { coverageProblems, SKIPPED_GET_ROUTES, smokeReadRoutes } from '../../infra/smoke/route-coverage';
import { parseSmokeArgs, UsageError } from '../../infra/smoke/smoke-args';
import { type RouteName, routeList } from '../../lib/routes';

/** `npm run smoke` (infra/smoke/): which routes it reads, and its command line. */

describe('the smoke test reads', () => {
  it('every GET route of the table, or lists it as skipped with a reason', () => {
    // Act
    const { unread, badSkips } = coverageProblems();

    // Assess: a new GET route goes into infra/smoke/public-reads.ts, or into SKIPPED_GET_ROUTES with why.
    expect(unread, 'GET routes the smoke test neither reads nor skips').toEqual([]);
    expect(badSkips, 'skips of routes it reads, of no GET route, or without a reason').toEqual([]);
  });

  it('every GET route without path ids a storefront may call (no scope, products_read); the rest only with a reason', () => {
    // Prepare
    const withoutIds = routeList.filter((r) => r.method === 'GET' && !/\{(?!shopId\})/.test(r.path));

    // Act
    const read = smokeReadRoutes();

    // Assess
    for (const route of withoutIds) {
      const name = route.name as RouteName;
      const storefront = route.scope === null || route.scope === 'products_read';
      expect(read.has(name) || (!storefront && SKIPPED_GET_ROUTES[name] !== undefined), name).toBe(true);
    }
  });
});

describe('the smoke command line', () => {
  const twin = ['--url', 'http://127.0.0.1:3000', '--shop', 'demo'];
  const deployed = ['--url', 'https://abc123.execute-api.eu-central-1.amazonaws.com/', '--shop', 'myshop'];

  it('needs no token against the local twin: it signs one itself', () => {
    expect(parseSmokeArgs(twin)).toEqual({
      help: false,
      url: 'http://127.0.0.1:3000',
      shop: 'demo',
      token: undefined,
      timeoutMs: 30_000,
    });
    expect(parseSmokeArgs(['--url', 'http://localhost:4000', '--shop', 'demo'])).toMatchObject({
      token: undefined,
    });
  });

  it('needs --token for any other URL (a usage error naming it)', () => {
    expect(() => parseSmokeArgs(deployed)).toThrow(UsageError);
    expect(() => parseSmokeArgs(deployed)).toThrow(/--token is required for https:\/\/abc123/);
    // A host that merely starts like a loopback address is not the twin.
    expect(() => parseSmokeArgs(['--url', 'http://127.0.0.1.example.com', '--shop', 'demo'])).toThrow(
      /--token is required/,
    );
    expect(parseSmokeArgs([...deployed, '--token', 'eyJ.x.y', '--timeout', '5'])).toEqual({
      help: false,
      url: 'https://abc123.execute-api.eu-central-1.amazonaws.com/',
      shop: 'myshop',
      token: 'eyJ.x.y',
      timeoutMs: 5_000,
    });
  });

  it('refuses a missing --url or --shop, a bad URL or timeout, and unknown options', () => {
    const cases: [string[], RegExp][] = [
      [['--shop', 'demo'], /--url is required/],
      [['--url', 'http://127.0.0.1:3000'], /--shop is required/],
      [['--url', 'not a url', '--shop', 'demo'], /is not a URL/],
      [['--url', 'ftp://127.0.0.1', '--shop', 'demo'], /not an http\(s\) URL/],
      [[...twin, '--timeout', 'soon'], /--timeout "soon"/],
      [[...twin, '--token', ' '], /--token is empty/],
      [[...twin, '--verbose'], /Unknown option '--verbose'/],
    ];
    for (const [argv, message] of cases) expect(() => parseSmokeArgs(argv), argv.join(' ')).toThrow(message);
  });

  it('answers --help without checking anything else', () => {
    expect(parseSmokeArgs(['--help'])).toEqual({ help: true });
    expect(parseSmokeArgs(['-h'])).toEqual({ help: true });
  });
});

describe('the smoke client', () => {
  it('gives up on a request after its timeout, with a message that names the request', async () => {
    // Prepare: a server that takes requests and never answers.
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const api = smokeApi({ url: `http://127.0.0.1:${port}/`, shop: 'demo', token: 't', timeoutMs: 150 });

    try {
      // Act
      const answer = api.call('getProduct', { params: { productId: 'a b/c' } });

      // Assess: the path comes from the route table, each id URL-encoded.
      await expect(answer).rejects.toThrow('GET /demo/products/a%20b%2Fc: no answer within 0.15 s');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
