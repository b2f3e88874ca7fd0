import { issueDevToken } from '../local/dev-issuer';
import { BENCH_SHOP, importBenchShop } from './bench-shop';
import type { Child } from './child-process';
import { makeCarts } from './http-fixtures';
import { httpScenarios } from './http-scenarios';
import { type HttpResult, runHttpSuite } from './http-suite';

/** Checkouts per side at each concurrency: several times the connections, so each is busy. */
const CHECKOUTS: Record<number, number> = { 1: 60, 16: 320, 64: 640 };
const ROUNDS = 4;

/** Most p50 of checkout at c ≥ 16 as a multiple of the floor's at the same concurrency. */
export const CHECKOUT_P50_RATIO_BUDGET = 1.5;
/** Fewest orders per second as a share of the floor's at the same concurrency. */
export const CHECKOUT_THROUGHPUT_BUDGET = 2 / 3;

/**
 * `npm run bench:scale`, checkout: POST /carts/{c}/order on distinct fresh carts of the bench shop at
 * each concurrency, against the floor at the same concurrency (one HTTP round trip plus the same
 * DynamoDB calls, with no item shared between checkouts: infra/bench/floor-server.ts), the sides
 * taking turns in rounds. Carts are made through the API before anything is measured.
 */
export async function measureCheckoutScale(
  api: Child,
  floor: Child,
  concurrencies: readonly number[],
  say: (line: string) => void,
): Promise<HttpResult[]> {
  const url = String(api.ready.url);
  // The demo catalog in a shop of the bench's own, its carts' products untracked (bench-shop.ts).
  await importBenchShop(BENCH_SHOP);
  const token = issueDevToken(BENCH_SHOP);
  // As the bench's own suite: the checkouts, the warm-up, and autocannon's overshoot per round.
  const perSide = concurrencies.reduce((sum, c) => sum + (CHECKOUTS[c] ?? 100) + 3 + ROUNDS * c + 8, 0);
  say(`making ${2 * perSide} carts to order...`);
  const carts = await makeCarts(url, BENCH_SHOP, token, 2 * perSide, 16);
  const [scenario] = httpScenarios({
    demo: {
      shopId: BENCH_SHOP,
      token,
      carts: [],
      fresh: { api: carts.slice(0, perSide), floor: carts.slice(perSide) },
    },
    catalog: { shopId: BENCH_SHOP, token },
  }).filter((s) => s.name.endsWith('/order'));
  if (!scenario) throw new Error('no checkout scenario');
  return runHttpSuite([scenario], {
    servers: { api: { url, process: api }, floor: { url: String(floor.ready.url), process: floor } },
    durationS: 1,
    rounds: ROUNDS,
    checkouts: CHECKOUTS,
    concurrencies: [...concurrencies],
    say,
  });
}

/** The checkout budgets missed (issue "Budgets": at c ≥ 16 against the floor at the same c). */
export function missedCheckoutBudgets(results: readonly HttpResult[]): string[] {
  const missed: string[] = [];
  for (const { connections: c, api, floor, ratio } of results) {
    if (api.failed > 0) missed.push(`checkout c=${c}: ${api.failed} failed (${api.contended} × 409/503)`);
    if (c < 16) continue;
    if (ratio > CHECKOUT_P50_RATIO_BUDGET)
      missed.push(`checkout c=${c}: p50 ${ratio.toFixed(2)}× the floor's > ${CHECKOUT_P50_RATIO_BUDGET}×`);
    if (api.perSecond < CHECKOUT_THROUGHPUT_BUDGET * floor.perSecond)
      missed.push(
        `checkout c=${c}: ${api.perSecond.toFixed(0)} orders/s < 2/3 of the floor's ${floor.perSecond.toFixed(0)}`,
      );
  }
  return missed;
}
