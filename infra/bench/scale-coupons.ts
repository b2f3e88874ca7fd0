import { issueDevToken } from '../local/dev-issuer';
import { importBenchShop } from './bench-shop';
import { checkoutCarts } from './checkout-load';
import type { Child } from './child-process';
import { type BenchCart, benchHeaders, callApi, makeCarts } from './http-fixtures';
import { percentile, table } from './stats';

/**
 * `npm run bench:scale -- --parts coupons` (docs/catalog.md "Coupon campaigns"): coupons under
 * load. At each concurrency, 1.5 × L buyers of untracked products race their checkouts on one code
 * of a campaign with `usesPerCode` L (--coupon-uses, 100): exactly L orders and L uses, every other
 * checkout 409 with `available: 0` on the coupon line, no 5xx. Each run has a campaign of its own.
 */

const SHOP = 'couponrace';
const COUPON_LINE = 'lineItemContainer.couponLineItem';

export interface CouponRaceRow {
  connections: number;
  buyers: number;
  limit: number;
  orders: number;
  noUseLeft: number;
  other: Record<string, number>;
  timesUsed: number;
  p50: number;
  p99: number;
}

/** The part as `npm run bench:scale` runs it: its table and the promises it broke. */
export async function couponRacePart(
  api: Child,
  options: { concurrency: string; 'coupon-uses': string },
  say: (line: string) => void,
): Promise<{ section: string; missed: string[] }> {
  const limit = Number(options['coupon-uses']);
  const url = String(api.ready.url);
  const token = issueDevToken(SHOP);
  await importBenchShop(SHOP);
  const rows: CouponRaceRow[] = [];
  for (const c of options.concurrency.split(',').map(Number)) {
    say(`coupons under load at c=${c}: ${Math.round(limit * 1.5)} buyers for ${limit} uses...`);
    rows.push(await raceOnce(url, token, c, limit));
  }
  const missed = rows.flatMap((r) => {
    const broken = r.orders !== r.limit || r.timesUsed !== r.limit || Object.keys(r.other).length > 0;
    return broken
      ? [`coupons at c=${r.connections}: ${r.orders} orders, ${r.timesUsed} uses for a limit of ${r.limit}`]
      : [];
  });
  const section = `coupons under load: 1.5 × L buyers on one code of usesPerCode L (untracked products)\n\n${table(
    ['c', 'buyers', 'limit', '201', '409 no use', 'other', 'timesUsed', 'p50 ms', 'p99 ms', 'result'],
    rows.map((r) => [
      String(r.connections),
      String(r.buyers),
      String(r.limit),
      String(r.orders),
      String(r.noUseLeft),
      Object.entries(r.other)
        .map(([status, n]) => `${n}×${status}`)
        .join(' ') || '-',
      String(r.timesUsed),
      r.p50.toFixed(0),
      r.p99.toFixed(0),
      r.orders === r.limit && r.timesUsed === r.limit && Object.keys(r.other).length === 0 ? 'ok' : 'BROKEN',
    ]),
  )}`;
  return { section, missed };
}

/** One race: a campaign of its own, its code on every cart, every cart checked out at `c`. */
async function raceOnce(
  url: string,
  token: string,
  connections: number,
  limit: number,
): Promise<CouponRaceRow> {
  const code = `RACE-${Date.now().toString(36)}`;
  const created = await callApi(url, {
    method: 'POST',
    path: `/${SHOP}/coupon-campaigns`,
    headers: benchHeaders(token, { json: true }),
    body: JSON.stringify({
      identifier: code,
      name: 'Bench race',
      currency: 'EUR',
      type: { name: 'FIX', amount: 1 },
      usesPerCode: limit,
    }),
  });
  if (created.status !== 201) throw new Error(`POST /coupon-campaigns: ${created.status} ${created.body}`);
  const campaignPath = `/${SHOP}/coupon-campaigns/${JSON.parse(created.body).campaignId}`;
  await callApi(url, {
    method: 'PUT',
    path: `${campaignPath}/coupons`,
    headers: benchHeaders(token, { json: true }),
    body: JSON.stringify({ code }),
  });
  const buyers = Math.round(limit * 1.5);
  const carts = await makeCarts(url, SHOP, token, buyers, 16);
  await withCoupons(url, token, carts, code);
  const { result, bodies } = await checkoutCarts(url, SHOP, token, carts, connections, buyers);
  const other: Record<string, number> = {};
  let noUseLeft = 0;
  for (const { status, body } of bodies) {
    if (status === 201) continue;
    if (status === 409 && noUse(body)) noUseLeft++;
    else other[status] = (other[status] ?? 0) + 1;
  }
  const read = await callApi(url, { method: 'GET', path: campaignPath, headers: benchHeaders(token) });
  const orderMs = result.answers.filter((a) => a.status === 201).map((a) => a.ms);
  return {
    connections,
    buyers,
    limit,
    orders: orderMs.length,
    noUseLeft,
    other,
    timesUsed: (JSON.parse(read.body) as { timesUsed: number }).timesUsed,
    p50: percentile(orderMs, 50),
    p99: percentile(orderMs, 99),
  };
}

/** Puts the code on every cart, 16 at a time (set-up, not measured). */
async function withCoupons(
  url: string,
  token: string,
  carts: readonly BenchCart[],
  code: string,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let cart = carts[next++]; cart; cart = carts[next++]) {
      const added = await callApi(url, {
        method: 'POST',
        path: `/${SHOP}/carts/${cart.cartId}/coupon`,
        headers: benchHeaders(token, { cartToken: cart.token, json: true }),
        body: JSON.stringify({ code }),
      });
      if (added.status !== 200) throw new Error(`POST coupon: ${added.status} ${added.body}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

function noUse(body: string): boolean {
  try {
    const entry = (JSON.parse(body) as { errors?: { field?: string; available?: number }[] }).errors?.[0];
    return entry?.field === COUPON_LINE && entry.available === 0;
  } catch {
    return false;
  }
}
