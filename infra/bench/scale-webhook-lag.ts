import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { issueDevToken } from '../local/dev-issuer';
import { importBenchShop } from './bench-shop';
import type { Child } from './child-process';
import { type BenchCart, benchHeaders, callApi, makeCarts } from './http-fixtures';
import { percentile, table } from './stats';
import { type LagSample, type StreamLagRow, streamLagRows } from './stream-lag';

/** Issue 34: a healthy receiver gets an order's event within this long of the API's answer (p99). */
export const WEBHOOK_LAG_P99_BUDGET_MS = 1_000;
const SHOP = 'benchhooks-lag';
const CREATES = 200;
const UPDATES = 100;
/** How long after the last answer the part waits for the receiver before it calls the rest lost. */
const SETTLE_MS = 30_000;

/**
 * How the part's requests come: `rate` a second whatever the earlier ones are doing (open loop: a
 * shop's customers do not wait for each other), or with rate 0 `concurrency` at a time, each
 * starting when one ends (closed loop: as fast as the host goes, which on 2 CPUs means every core
 * saturated, so the lag then measures the host's queue more than the pipeline).
 */
export interface WebhookLagLoad {
  rate: number;
  concurrency: number;
}

export interface WebhookLagRow {
  type: string;
  events: number;
  p50: number;
  p99: number;
  max: number;
  /** Events whose delivery had not come when the part stopped waiting. */
  missing: number;
}

/** A receiver answering 200 at once, noting when each (type, order) first arrived (performance.now()). */
async function receiver(): Promise<{ url: string; arrived: Map<string, number>; close(): Promise<void> }> {
  const arrived = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        eventType: string;
        entity: { orderId?: string };
      };
      const key = `${body.eventType} ${body.entity.orderId}`;
      if (!arrived.has(key)) arrived.set(key, at);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrived,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * `npm run bench:scale -- --parts webhook-lag` (only when named): how long after the API's answer a
 * healthy receiver gets an order's webhook, for 300 events of real requests: 200 checkouts
 * (ORDER_CREATE), then PATCHes of 100 of their orders (ORDER_UPDATE), `concurrency` at a time
 * (--hook-concurrency, 4), on a twin whose
 * stream, bus and delivery queue run (the table's stream → the events consumer → the fan-out → one
 * attempt). Each event's lag is its first arrival at the receiver less the answer of the request
 * that caused it, both on this process's clock.
 */
export async function measureWebhookLag(
  api: Child,
  load: WebhookLagLoad,
  say: (line: string) => void,
): Promise<{ rows: WebhookLagRow[]; stream: StreamLagRow[]; requestsPerSecond: number; cpuBusy: number }> {
  const url = String(api.ready.url);
  await importBenchShop(SHOP);
  const token = issueDevToken(SHOP);
  const hook = await receiver();
  const created = await callApi(url, {
    method: 'POST',
    path: `/${SHOP}/webhooks`,
    headers: benchHeaders(token, { json: true }),
    body: JSON.stringify({ callbackUrl: hook.url, eventTypes: ['ORDER_CREATE', 'ORDER_UPDATE'] }),
  });
  if (created.status !== 201) throw new Error(`POST /webhooks: ${created.status} ${created.body}`);
  say(`webhook lag: making ${CREATES} carts...`);
  const carts = await makeCarts(url, SHOP, token, CREATES, load.concurrency);
  const answered = new Map<string, number>();
  const orderIds: string[] = [];
  const tasks: (() => Promise<void>)[] = [
    ...carts.map((cart) => () => checkout(cart)),
    ...Array.from({ length: UPDATES }, (_, i) => () => patch(i)),
  ];
  async function checkout(cart: BenchCart): Promise<void> {
    const placed = await callApi(url, {
      method: 'POST',
      path: `/${SHOP}/carts/${cart.cartId}/order`,
      headers: benchHeaders(token, { cartToken: cart.token }),
    });
    const at = performance.now();
    if (placed.status !== 201) throw new Error(`POST order: ${placed.status} ${placed.body.slice(0, 300)}`);
    const { orderId } = JSON.parse(placed.body) as { orderId: string };
    orderIds.push(orderId);
    answered.set(`ORDER_CREATE ${orderId}`, at);
  }
  async function patch(i: number): Promise<void> {
    const orderId = orderIds[i] as string;
    const changed = await callApi(url, {
      method: 'PATCH',
      path: `/${SHOP}/orders/${orderId}`,
      headers: benchHeaders(token, { json: true }),
      body: JSON.stringify([{ op: 'add', path: '/internalNote', value: `Checked by the bench (${i})` }]),
    });
    const at = performance.now();
    if (changed.status !== 200)
      throw new Error(`PATCH order: ${changed.status} ${changed.body.slice(0, 300)}`);
    answered.set(`ORDER_UPDATE ${orderId}`, at);
  }
  await api.ask({ type: 'stream-lag' }); // the carts' records are not the events'
  say(
    `webhook lag: ${CREATES} checkouts, then ${UPDATES} order PATCHes, ${load.rate > 0 ? `${load.rate} a second` : `${load.concurrency} at a time`}...`,
  );
  const busy = hostBusy();
  const started = performance.now();
  if (load.rate > 0) {
    // Open loop: request i starts at i / rate s, whatever the earlier ones are doing.
    await Promise.all(
      tasks.map(async (task, i) => {
        await sleep(Math.max(0, started + (i * 1000) / load.rate - performance.now()));
        await task();
      }),
    );
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: load.concurrency }, async () => {
        for (let task = tasks[next++]; task; task = tasks[next++]) await task();
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuBusy = busy();
  const deadline = performance.now() + SETTLE_MS;
  while (performance.now() < deadline && [...answered.keys()].some((k) => !hook.arrived.has(k)))
    await sleep(100);
  await hook.close();
  const { samples } = (await api.ask({ type: 'stream-lag' })) as unknown as { samples: LagSample[] };
  const row = (type: string): WebhookLagRow => {
    const keys = [...answered.keys()].filter((k) => type === 'all' || k.startsWith(`${type} `));
    const lags = keys.flatMap((k) => {
      const at = hook.arrived.get(k);
      return at === undefined ? [] : [Math.max(0, at - (answered.get(k) as number))];
    });
    return {
      type,
      events: keys.length,
      p50: percentile(lags, 50),
      p99: percentile(lags, 99),
      max: lags.length > 0 ? Math.max(...lags) : Number.NaN,
      missing: keys.length - lags.length,
    };
  };
  return {
    rows: [row('ORDER_CREATE'), row('ORDER_UPDATE'), row('all')],
    stream: streamLagRows(samples),
    requestsPerSecond: tasks.length / seconds,
    cpuBusy,
  };
}

/** The share of the host's CPU time (every core, every process) spent busy from now to the call. */
function hostBusy(): () => number {
  const total = () =>
    cpus().reduce(
      (sum, { times }) => {
        const all = times.user + times.nice + times.sys + times.irq + times.idle;
        return { all: sum.all + all, idle: sum.idle + times.idle };
      },
      { all: 0, idle: 0 },
    );
  const before = total();
  return () => {
    const after = total();
    return 1 - (after.idle - before.idle) / (after.all - before.all);
  };
}

/** The part's table. */
export function webhookLagTable(rows: readonly WebhookLagRow[]): string {
  const ms = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '-');
  return table(
    ['event', 'events', 'p50 ms', 'p99 ms', 'max ms', 'missing'],
    rows.map((r) => [r.type, String(r.events), ms(r.p50), ms(r.p99), ms(r.max), String(r.missing)]),
  );
}

/** The budget missed: p99 over all events above WEBHOOK_LAG_P99_BUDGET_MS, or any event missing. */
export function missedWebhookLagBudgets(rows: readonly WebhookLagRow[]): string[] {
  const all = rows.find((r) => r.type === 'all');
  if (!all) return ['webhook lag: no figures'];
  const missed: string[] = [];
  if (!(all.p99 <= WEBHOOK_LAG_P99_BUDGET_MS))
    missed.push(`webhook lag: p99 ${Math.round(all.p99)} ms > ${WEBHOOK_LAG_P99_BUDGET_MS} ms`);
  if (all.missing > 0) missed.push(`webhook lag: ${all.missing} of ${all.events} events never delivered`);
  return missed;
}
