import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueDevToken } from '../local/dev-issuer';
import { importBenchShop } from './bench-shop';
import type { Child } from './child-process';
import { type BenchCart, benchHeaders, callApi, makeCarts } from './http-fixtures';
import { type LoadRequest, load } from './load';
import { percentile, table } from './stats';

/** Most p50 of a checkout in a shop with webhooks as a multiple of one without (issue 26 "Budgets"). */
export const WEBHOOK_CHECKOUT_P50_BUDGET = 1.15;

const ROUNDS = 3;
const PLAIN = 'benchhooks-plain';
const HOOKED = 'benchhooks-hooked';

export interface WebhookCheckoutRow {
  shop: string;
  p50: number;
  p99: number;
  orders: number;
}

/** A receiver on 127.0.0.1 answering with `answer`: a status, or never ('hang': every attempt times out). */
async function receiver(
  answer: number | 'hang',
): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server: Server = createServer((req, res) => {
    received++;
    req.resume();
    if (answer !== 'hang') req.on('end', () => res.writeHead(answer).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received: () => received,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * `npm run bench:scale -- --parts webhook-checkout` (only when named): POST /carts/{c}/order at c=1
 * in a shop without webhooks and in one with three (a healthy receiver, one answering 500 to every
 * attempt, one that never answers, so each of its attempts waits the 10 s timeout), on a twin whose
 * stream, event bus and webhook delivery run (the API process gets BENCH_STREAM=on). The two shops
 * take turns in rounds so a slow moment of the host falls on both. A checkout never waits for a
 * webhook: the deliveries run from the stream, after the answer.
 */
export async function measureWebhookCheckout(
  api: Child,
  samples: number,
  say: (line: string) => void,
): Promise<{ rows: WebhookCheckoutRow[]; delivered: number }> {
  const url = String(api.ready.url);
  await Promise.all([importBenchShop(PLAIN), importBenchShop(HOOKED)]);
  const receivers = await Promise.all([receiver(200), receiver(500), receiver('hang')]);
  const hookToken = issueDevToken(HOOKED);
  for (const r of receivers) {
    const created = await callApi(url, {
      method: 'POST',
      path: `/${HOOKED}/webhooks`,
      headers: benchHeaders(hookToken, { json: true }),
      body: JSON.stringify({ callbackUrl: r.url, eventTypes: ['ORDER_CREATE', 'STOCK_LOW', 'STOCK_OUT'] }),
    });
    if (created.status !== 201) throw new Error(`POST /webhooks: ${created.status} ${created.body}`);
  }
  const perShop = ROUNDS * (samples + 3);
  say(`making ${perShop} carts in each of ${PLAIN} and ${HOOKED}...`);
  const shops = [PLAIN, HOOKED].map((shop) => ({
    shop,
    token: issueDevToken(shop),
    carts: [] as BenchCart[],
  }));
  for (const s of shops) s.carts = await makeCarts(url, s.shop, s.token, perShop, 8);
  const latencies = shops.map(() => [] as number[]);
  const orders = shops.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, s] of shops.entries()) {
      const first = round * (samples + 3);
      const checkout = (i: number): LoadRequest => {
        const cart = s.carts[first + i] as BenchCart;
        return {
          method: 'POST',
          path: `/${s.shop}/carts/${cart.cartId}/order`,
          headers: benchHeaders(s.token, { cartToken: cart.token }),
        };
      };
      await load(url, { connections: 1, amount: 3, next: checkout });
      const run = await load(url, { connections: 1, amount: samples, next: (i) => checkout(3 + i) });
      if (run.failed > 0) throw new Error(`checkout in ${s.shop}: ${run.failures.join('; ')}`);
      latencies[k]?.push(...run.latencies);
      orders[k] = (orders[k] ?? 0) + run.requests + 3;
    }
  }
  // Give the healthy receiver the stream's lag to get the last orders.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const delivered = receivers[0]?.received() ?? 0;
  await Promise.all(receivers.map((r) => r.close()));
  const rows = shops.map((_shop, k) => ({
    shop: k === 0 ? 'no webhooks' : '3 webhooks (healthy, 500, dead)',
    p50: percentile(latencies[k] ?? [], 50),
    p99: percentile(latencies[k] ?? [], 99),
    orders: orders[k] ?? 0,
  }));
  for (const row of rows)
    say(`  ${row.shop}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${row.orders} orders`);
  say(`  the healthy receiver got ${delivered} of ${orders[1]} ORDER_CREATE deliveries`);
  return { rows, delivered };
}

/** The webhook checkout budget missed, as printable lines. */
export function missedWebhookCheckoutBudgets(
  rows: readonly WebhookCheckoutRow[],
  delivered: number,
): string[] {
  const [plain, hooked] = rows;
  if (!plain || !hooked) return ['webhook-checkout: no figures'];
  const missed: string[] = [];
  const ratio = hooked.p50 / plain.p50;
  if (ratio > WEBHOOK_CHECKOUT_P50_BUDGET)
    missed.push(
      `checkout with 3 webhooks: p50 ${hooked.p50.toFixed(1)} ms = ${ratio.toFixed(2)}× without (${plain.p50.toFixed(1)} ms) > ${WEBHOOK_CHECKOUT_P50_BUDGET}×`,
    );
  if (delivered < hooked.orders)
    missed.push(`webhook-checkout: ${delivered} of ${hooked.orders} orders delivered`);
  return missed;
}

export function webhookCheckoutTable(rows: readonly WebhookCheckoutRow[]): string {
  return table(
    ['checkout (c=1)', 'p50 ms', 'p99 ms', 'orders'],
    rows.map((r) => [r.shop, r.p50.toFixed(1), r.p99.toFixed(1), String(r.orders)]),
  );
}
