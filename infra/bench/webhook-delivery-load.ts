import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BROKEN_JOB_RETRY_MS, type TimerQueue } from '../../infra/local/webhooks/timer-queue';
import { newId } from '../../lib/data/ids';
import type { StoredWebhook } from '../../lib/data/webhooks/webhook-repository';
import { fanOut } from '../../lib/use-cases/webhooks/fan-out';
import { createWebhook } from '../../lib/use-cases/webhooks/webhooks';

/**
 * The delivery budget of issue "Webhooks" as one scenario, run by the bench (`npm run bench:scale --
 * --parts webhook-delivery`: nothing lost, signatures, exact retries, the healthy receiver's
 * event-to-delivery times, with the others and alone; a load test, so not part of `npm test`, whose
 * race and fault tests prove the delivery's promises). `events` ProductDeleted events are fanned out
 * as fast as the fan-out goes (a pause of 200 ms after each hundred) onto `queue` to the webhooks of
 * a shop of its own: a healthy receiver and, `withOthers`, one failing the first two attempts of
 * every event and one refusing connections for the first `downMs`. The caller sets
 * WEBHOOK_RETRY_SCALE (and WEBHOOK_ALLOW_LOCAL) before, so that the down receiver's retries outlast
 * its outage.
 */

export interface ReceiverTally {
  /** Requests received. */
  requests: number;
  /** Distinct event ids received. */
  events: number;
  /** Requests whose signature did not verify with the webhook's secret. */
  badSignatures: number;
}

export interface WebhookLoadResult {
  healthy: ReceiverTally;
  flaky?: ReceiverTally;
  down?: ReceiverTally;
  /** The healthy receiver's event-to-delivery times (first arrival of each event), ms, ascending. */
  healthyLags: number[];
  /** From the first event to the last delivery awaited, ms. */
  tookMs: number;
}

interface Receiver {
  url: string;
  requests(): number;
  /** What it received, its signatures checked with `secret`. */
  tally(secret: string): ReceiverTally;
  /** Date.now() of each event's first arrival, by product id. */
  firstArrival: Map<string, number>;
  close(): Promise<void>;
}

export async function runWebhookLoad(options: {
  queue: TimerQueue;
  events: number;
  downMs: number;
  withOthers: boolean;
  /**
   * Stops waiting when no receiver has heard anything new for this long; by default longer than the
   * twin's retry of an attempt that failed on our side (a DynamoDB Local timeout), which delivers late.
   */
  stallMs?: number;
}): Promise<WebhookLoadResult> {
  const shopId = `hook-load-${newId().slice(0, 12).toLowerCase()}`;
  const seen = new Map<string, number>();
  const healthy = await startReceiver(() => 200);
  const flaky = options.withOthers
    ? await startReceiver((eventId) => {
        const n = (seen.get(eventId) ?? 0) + 1;
        seen.set(eventId, n);
        return n <= 2 ? 500 : 200;
      })
    : undefined;
  const downPort = await reservedPort();
  const receivers = [healthy, ...(flaky ? [flaky] : [])];
  const secrets = new Map<Receiver, string>();
  for (const receiver of receivers) secrets.set(receiver, (await subscribe(shopId, receiver.url)).secret);
  const downSecret = options.withOthers
    ? (await subscribe(shopId, `http://127.0.0.1:${downPort}/hooks`)).secret
    : undefined;
  const emitted = new Map<string, number>();
  const started = Date.now();
  let down: Receiver | undefined;
  try {
    for (let i = 0; i < options.events; i++) {
      const productId = `p-${i}`;
      emitted.set(productId, Date.now());
      await fanOut(
        {
          detailType: 'ProductDeleted',
          time: new Date().toISOString(),
          detail: { shopId, productId, productNumber: `N-${i}` },
        },
        options.queue,
      );
      if (i % 100 === 99) await sleep(200);
    }
    if (downSecret) {
      await sleep(Math.max(0, options.downMs - (Date.now() - started)));
      down = await startReceiver(() => 200, downPort);
      secrets.set(down, downSecret);
      receivers.push(down);
    }
    // Every event once to the healthy and the down receiver, three times to the flaky one.
    const done = () =>
      healthy.firstArrival.size >= options.events &&
      (!flaky || flaky.requests() >= 3 * options.events) &&
      (!down || down.firstArrival.size >= options.events);
    await untilStalled(done, () => receivers.map((r) => r.requests()).join(','), options.stallMs);
    const tookMs = Date.now() - started;
    const healthyLags = [...healthy.firstArrival]
      .map(([productId, at]) => at - (emitted.get(productId) ?? at))
      .sort((a, b) => a - b);
    const tally = (r: Receiver) => r.tally(secrets.get(r) ?? '');
    return {
      healthy: tally(healthy),
      flaky: flaky && tally(flaky),
      down: down && tally(down),
      healthyLags,
      tookMs,
    };
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
  }
}

/** p50 and p99 of sorted lags, as the test and the bench print them. */
export function lagSummary(lags: readonly number[]): { p50: number; p99: number; max: number } {
  const at = (q: number) => lags[Math.min(lags.length - 1, Math.ceil(lags.length * q) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: lags.at(-1) ?? Number.NaN };
}

/** A webhook made as POST /webhooks makes it (the caller allows local callback URLs). */
const subscribe = (shopId: string, callbackUrl: string): Promise<StoredWebhook> =>
  createWebhook(
    shopId,
    { callbackUrl, eventTypes: ['PRODUCT_DELETE'], active: true },
    new Set(['products_read']),
  );

/** Waits until `done`, or until `progress` has not changed for `stallMs`. */
async function untilStalled(
  done: () => boolean,
  progress: () => string,
  stallMs = BROKEN_JOB_RETRY_MS + 5000,
): Promise<void> {
  let last = progress();
  let changedAt = Date.now();
  while (!done() && Date.now() - changedAt < stallMs) {
    await sleep(100);
    const now = progress();
    if (now !== last) [last, changedAt] = [now, Date.now()];
  }
}

/** A receiver on 127.0.0.1 (`port` 0: any free one) answering `answer(eventId)`. */
async function startReceiver(answer: (eventId: string) => number, port = 0): Promise<Receiver> {
  const received: { id: string; timestamp: string; raw: Buffer; signature: string }[] = [];
  const firstArrival = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString('utf8')) as { id: string; entity: { productId: string } };
      if (!firstArrival.has(body.entity.productId)) firstArrival.set(body.entity.productId, at);
      received.push({
        id: body.id,
        timestamp: String(req.headers['x-service-webhook-timestamp']),
        raw,
        signature: String(req.headers['x-service-hmac-sha256']),
      });
      res.writeHead(answer(body.id)).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    requests: () => received.length,
    tally: (secret) => ({
      requests: received.length,
      events: new Set(received.map((r) => r.id)).size,
      badSignatures: received.filter(
        (r) =>
          createHmac('sha256', secret).update(`${r.timestamp}.`).update(r.raw).digest('base64') !==
          r.signature,
      ).length,
    }),
    firstArrival,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A free port nobody listens on yet: connections to it are refused until a receiver starts. */
async function reservedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
