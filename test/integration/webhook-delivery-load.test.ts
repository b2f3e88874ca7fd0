import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimerQueue } from '../../infra/local/webhooks/timer-queue';
import { resetConfig } from '../../lib/config';
import { newId } from '../../lib/data/ids';
import { insertWebhook, type StoredWebhook } from '../../lib/data/webhooks/webhook-repository';
import { fanOut } from '../../lib/use-cases/webhooks/fan-out';
import { useLocalTable } from '../support/local-env';
import { type Received, startReceiver } from '../support/webhook-receiver';

/**
 * The webhook budget of issue "Webhooks" on the twin's delivery code (fan-out, TimerQueue,
 * deliverJob) against DynamoDB Local and three real receivers: 1,000 events, one receiver failing
 * the first two attempts of every event, one down (refusing connections) for the first 30 s.
 * Every event reaches every receiver, none is lost, every signature holds; the healthy receiver's
 * event-to-delivery times are printed (the budget, p99 ≤ 1 s, is not met yet: docs/webhooks.md).
 */

const EVENTS = 1000;
const DOWN_MS = 30_000;
/**
 * The schedule scaled so the down receiver's retries outlast its 30 s: attempt 9 comes 30.7 s after
 * an event's first, so every event emitted in the first 2 s reaches it 31–33 s in.
 */
const RETRY_SCALE = '0.0021';
const shopId = `hook-load-${Date.now().toString(36)}`;

let queue: TimerQueue;
beforeAll(() => {
  process.env.WEBHOOK_RETRY_SCALE = RETRY_SCALE;
  useLocalTable();
  resetConfig();
  // 8 attempts at once: the fuzz may run beside this file and needs DynamoDB Local too.
  queue = new TimerQueue(8);
});
afterAll(() => queue.stop());

async function subscribe(callbackUrl: string): Promise<StoredWebhook> {
  const now = new Date().toISOString();
  const webhook: StoredWebhook = {
    shopId,
    webhookId: newId(),
    callbackUrl,
    eventTypes: ['PRODUCT_DELETE'],
    active: true,
    deactivatedReason: null,
    secret: newId() + newId(),
    createdOn: now,
    updatedOn: now,
    version: 1,
    activation: 0,
  };
  await insertWebhook(webhook);
  return webhook;
}

/** A free port nobody listens on yet: connections to it are refused until the receiver starts. */
async function reservedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

const signed = (secret: string, r: Received) =>
  createHmac('sha256', secret)
    .update(`${r.headers['x-service-webhook-timestamp']}.`)
    .update(r.raw)
    .digest('base64') === r.headers['x-service-hmac-sha256'];

describe('webhook delivery under load (twin)', () => {
  it('delivers 1,000 events to 3 receivers, one flaky and one down for 30 s: none lost, every signature valid', async () => {
    // Prepare
    const healthy = await startReceiver();
    const seen = new Map<string, number>();
    const flaky = await startReceiver((request) => {
      const n = (seen.get(request.body.id) ?? 0) + 1;
      seen.set(request.body.id, n);
      return n <= 2 ? 500 : 200;
    });
    const downPort = await reservedPort();
    const hooks = {
      healthy: await subscribe(healthy.url),
      flaky: await subscribe(flaky.url),
      down: await subscribe(`http://127.0.0.1:${downPort}/hooks`),
    };
    const emitted = new Map<string, number>();

    // Act: 1,000 events over about 2 s; the down receiver starts after 30 s
    const started = Date.now();
    for (let i = 0; i < EVENTS; i++) {
      const productId = `p-${i}`;
      emitted.set(productId, Date.now());
      await fanOut(
        {
          detailType: 'ProductDeleted',
          time: new Date().toISOString(),
          detail: { shopId, productId, productNumber: `N-${i}` },
        },
        queue,
      );
      if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, DOWN_MS - (Date.now() - started))));
    const down = await startReceiver(() => 200, downPort);
    const unique = (r: { received: Received[] }) => new Set(r.received.map((x) => x.body.id));
    // Delivered: every event once to the healthy and the down receiver, three times to the flaky one.
    await healthy.waitFor(() => unique(healthy).size >= EVENTS, 1, 30_000);
    await flaky.waitFor(() => flaky.received.length >= 3 * EVENTS, 1, 30_000);
    await down.waitFor(() => unique(down).size >= EVENTS, 1, 30_000);
    await Promise.all([healthy.close(), flaky.close(), down.close()]);

    // Assert
    for (const receiver of [healthy, flaky, down]) expect(unique(receiver).size).toBe(EVENTS);
    expect(healthy.received.every((r) => signed(hooks.healthy.secret, r))).toBe(true);
    expect(flaky.received.every((r) => signed(hooks.flaky.secret, r))).toBe(true);
    expect(down.received.every((r) => signed(hooks.down.secret, r))).toBe(true);
    expect(flaky.received).toHaveLength(3 * EVENTS);
    const lags = healthy.received
      .map((r) => r.at - (emitted.get((r.body.entity as { productId: string }).productId) ?? 0))
      .sort((a, b) => a - b);
    const p99 = lags[Math.ceil(lags.length * 0.99) - 1] ?? Infinity;
    // Printed, not asserted: speed budgets belong to the benchmark (docs/webhooks.md "Budgets").
    console.log(
      `webhook load: healthy p50 ${lags[Math.floor(lags.length / 2)]} ms, p99 ${p99} ms, max ${lags.at(-1)} ms`,
    );
  }, 180_000);
});
