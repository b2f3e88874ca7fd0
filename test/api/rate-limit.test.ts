import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../../infra/local/server';
import { resetConfig } from '../../lib/config';
import { leaseAllowance } from '../../lib/data/rate-limit-repository';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { tokenFor } from '../support/api';
import { useLocalTable } from '../support/local-env';

/**
 * The rate limit with a small limit: this file runs its own server (same handlers, same DynamoDB
 * Local) so the shared test server keeps its high limit.
 */
describe('rate limit (docs/api-rules.md "Rate limit")', () => {
  const LIMIT = 20;
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  beforeAll(async () => {
    useLocalTable();
    process.env.RATE_LIMIT_PER_HOUR = String(LIMIT);
    process.env.RATE_LIMIT_BLOCK = '7';
    resetConfig();
    server = await startLocalServer({ port: 0 });
  });
  afterAll(async () => {
    await server.close();
    // Worker processes are reused by later test files: give them back the shared settings.
    process.env.RATE_LIMIT_PER_HOUR = '10000000';
    delete process.env.RATE_LIMIT_BLOCK;
    resetConfig();
  });

  it('serves exactly the limit per token and hour, then 429 with Retry-After; other tokens are unaffected', async () => {
    const token = tokenFor('demo', ['products_read'], 3000 + Math.floor(Math.random() * 500));
    const get = (t: string) =>
      fetch(`${server.url}/demo/shipping-methods`, {
        headers: { accept: MEDIA_TYPE_V1, authorization: `Bearer ${t}` },
      });

    const responses = [];
    for (let i = 0; i < LIMIT + 3; i++) responses.push(await get(token));
    const fresh = await get(tokenFor('demo', ['products_read'], 3600 + Math.floor(Math.random() * 500)));

    const statuses = responses.map((r) => r.status);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    expect(responses.map((r) => Number(r.headers.get('x-ratelimit-remaining')))).toEqual([
      ...Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i),
      0,
      0,
      0,
    ]);
    const refused = responses[LIMIT] as Response;
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    const reset = Date.parse(refused.headers.get('x-ratelimit-reset') ?? '');
    expect(reset % 3_600_000).toBe(0);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toMatchObject({ status: '429' });
    expect(refused.headers.get('x-service-media-type')).toBe(MEDIA_TYPE_V1);
    expect(fresh.status).toBe(200);
  });

  it('requests of one token at once on one instance share its leases: exactly the limit served', async () => {
    const token = tokenFor('demo', ['products_read'], 4200 + Math.floor(Math.random() * 500));

    const responses = await Promise.all(
      Array.from({ length: LIMIT + 3 }, () =>
        fetch(`${server.url}/demo/shipping-methods`, {
          headers: { accept: MEDIA_TYPE_V1, authorization: `Bearer ${token}` },
        }),
      ),
    );

    // One lease in flight at a time: before, each of the 23 leased a block of its own, the
    // answers overwrote each other's grants and requests were refused far below the limit.
    const served = responses.filter((r) => r.status === 200);
    expect(served).toHaveLength(LIMIT);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(3);
    expect(served.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: LIMIT }, (_, i) => i),
    );
    for (const r of responses) expect(r.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
  });

  it('never leases more than the limit, however many instances lease at once', async () => {
    const window = { start: 0, end: 3_600_000 };
    const tokenId = `lease-${Date.now()}`;

    const leases = await Promise.all(
      Array.from({ length: 12 }, () => leaseAllowance('demo', tokenId, window, 7, 50)),
    );

    expect(leases.reduce((total, l) => total + l.granted, 0)).toBe(50);
    expect(leases.every((l) => l.granted >= 0 && l.granted <= 7)).toBe(true);
  });
});
