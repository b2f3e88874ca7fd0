import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { runSmoke } from '../../infra/smoke/run-smoke';
import { call, tokenFor } from '../support/api';
import { privateDemoShop } from '../support/shops';

/**
 * `npm run smoke` (infra/smoke/) against the twin: every step passes and the run removes what it
 * can; a failure names its step, and a failure midway still cleans up.
 */

let shop: string;
beforeAll(async () => {
  // A minimum cart value above the smoke product's price: the run must raise the quantity to reach it.
  shop = await privateDemoShop('smoke', (file) => ({
    ...file,
    settings: { ...file.settings, minimumCartAmount: { EUR: '60.00', GBP: '60.00' } },
  }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

const smoke = (options: { url?: string; token?: string } = {}) => {
  const lines: string[] = [];
  const report = runSmoke({
    url: options.url ?? inject('apiUrl'),
    shop,
    token: options.token ?? tokenFor(shop),
    log: (line) => lines.push(line),
  });
  return { lines, report };
};

describe('npm run smoke against the twin', { timeout: 30_000 }, () => {
  it('passes every step, removes its product and cancels its order; the order, cart and customer stay', async () => {
    // Act
    const { lines, report: running } = smoke();
    const report = await running;

    // Assess
    expect(report.failure).toBeNull();
    expect(report.ok).toBe(true);
    expect(report.steps.filter((s) => !s.ok)).toEqual([]);
    expect(report.steps.filter((s) => s.skipped)).toEqual([]);
    const names = report.steps.map((s) => s.name);
    for (const name of [
      'read shop',
      'read lowest price of a master product',
      'read the API document',
      'upload product image',
      'fetch product image',
      'delete product image',
      'raise quantity to the minimum cart value',
      'check out',
      'read order',
      'cancel order',
      'delete product',
      'check product is gone',
    ])
      expect(names).toContain(name);
    // One line per step, with its status and time, under the four stage headings and the run's title.
    expect(lines).toHaveLength(report.steps.length + 5);
    expect(lines).toContainEqual(expect.stringMatching(/^ok {3}201 +\d+ ms {2}check out: POST \/smoke-/));
    const { productId, orderId, cartId, customerId } = report.made;
    expect((await call(`/${shop}/products/${productId}`)).status).toBe(404);
    const order = await call(`/${shop}/orders/${orderId}`);
    expect(order.body.rejectedOn).toEqual(expect.any(String));
    expect(report.leftovers.map((l) => [l.what, l.id.split(' ')[0]])).toEqual([
      ['order', orderId],
      ['customer', customerId],
      ['cart', cartId],
    ]);
  });

  it('cleans up after a failure midway: the checkout fails, the product is deleted all the same', async () => {
    // Prepare: the checkout request fails as a broken deployment's would.
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      init?.method === 'POST' && String(input).endsWith('/order')
        ? Promise.resolve(
            new Response(JSON.stringify({ status: '502', message: 'Bad gateway (injected)' }), {
              status: 502,
            }),
          )
        : realFetch(input, init),
    );

    // Act
    const { lines, report: running } = smoke();
    const report = await running;

    // Assess
    expect(report.ok).toBe(false);
    expect(report.failure).toEqual({
      step: 'check out',
      message: expect.stringMatching(
        /^POST \/smoke-.+\/order: expected 201, got 502: Bad gateway \(injected\)$/,
      ),
    });
    expect(lines).toContainEqual(expect.stringMatching(/^FAIL 502 +\d+ ms {2}check out: /));
    expect(report.steps.slice(-2).map((s) => [s.name, s.ok])).toEqual([
      ['delete product', true],
      ['check product is gone', true],
    ]);
    expect((await call(`/${shop}/products/${report.made.productId}`)).status).toBe(404);
    expect(report.leftovers.map((l) => l.what)).toEqual(['possible order of cart', 'cart']);
  });

  it('stops at the first step when nothing listens at the URL, and says so', async () => {
    // Prepare: a port that was free a moment ago.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));

    // Act
    const report = await smoke({ url: `http://127.0.0.1:${port}` }).report;

    // Assess
    expect(report.steps).toHaveLength(1);
    expect(report.failure).toEqual({
      step: 'read shop',
      message: `GET /${shop}: could not reach http://127.0.0.1:${port} (ECONNREFUSED)`,
    });
    expect(report.leftovers).toEqual([]);
  });

  it('the CLI exits 1 with a message naming the step when the token is refused', async () => {
    // Act
    const run = await promisify(execFile)(
      'npx',
      [
        'tsx',
        'infra/smoke/smoke-cli.ts',
        '--url',
        inject('apiUrl'),
        '--shop',
        shop,
        '--token',
        'not-a-token',
      ],
      { encoding: 'utf8' },
    ).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

    // Assess: the API refuses a bad token with 403 (docs/security.md).
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL 403 +\d+ ms {2}read shop: GET \/smoke-\S+: expected 200, got 403: /m);
    expect(run.stderr).toMatch(
      /^smoke test FAILED at step "read shop": GET \/smoke-\S+: expected 200, got 403: /m,
    );
    expect(run.stdout).not.toContain('left behind');
  });
});
