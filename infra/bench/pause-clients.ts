import { randomUUID } from 'node:crypto';
import { RETURNING_BUYER_BILLING } from '../local/seed/returning-buyer';
import { benchHeaders } from './http-fixtures';

/** One answered request of the pause bench: what it was, its status and when it ran. */
export interface Answer {
  name: string;
  status: number;
  retryAfter: string | null;
  startedAt: number;
  endedAt: number;
}

/** What the shoppers did: the carts they ordered and the checkouts they could not finish. */
export interface ShopperTally {
  ordered: Map<string, string>;
  /** Carts whose checkout retries ended in another answer than 201 (the order's answer is lost). */
  unfinished: { cartId: string; status: number }[];
  /**
   * Checkouts whose 201 came marked Idempotent-Replayed: an earlier attempt placed the order but its
   * answer was lost (503: the transaction timed out and was applied after the pause).
   */
  recovered: number;
}

interface Clients {
  baseUrl: string;
  shopId: string;
  token: string;
  /** Whether the run is still on: loops stop starting new work once false. */
  running: () => boolean;
  record: (answer: Answer) => void;
}

const LINES = [
  { productId: 'espresso-beans', quantity: 2 },
  { productId: 'enamel-mug', quantity: 1 },
];
/** A client that retries waits what Retry-After says (1 s from the API), else this. */
const RETRY_WAIT_MS = 1000;
/** The next piece of work starts after this pause: a busy client, not a flood on two shared CPUs. */
const THINK_MS = 50;
/** A checkout is retried with its Idempotency-Key until 201, for at most this long. */
const CHECKOUT_GIVE_UP_MS = 120_000;

/**
 * A shopper: creates a cart with two lines, sets its billing address, orders it with an
 * Idempotency-Key, again and again. Every step is retried until it succeeds, as a client told 503
 * with Retry-After would; the checkout always with the same key, so a retry never makes a second
 * order. A cart whose creation failed is simply left (no order can come of it).
 */
export async function shopper(c: Clients, tally: ShopperTally): Promise<void> {
  while (c.running()) {
    const created = await untilDone(() =>
      send(c, 'POST', `/${c.shopId}/carts`, {}, { lineItems: LINES }, 'create cart'),
    );
    if (!created) {
      await sleep(THINK_MS);
      continue;
    }
    const { cartId } = JSON.parse(created.body) as { cartId: string };
    const cartToken = created.headers.get('x-service-cart-token') as string;
    const cart = `/${c.shopId}/carts/${cartId}`;
    const billed = await untilDone(() =>
      send(c, 'PUT', `${cart}/billing-address`, { cartToken }, RETURNING_BUYER_BILLING, 'billing address'),
    );
    if (!billed) {
      await sleep(THINK_MS);
      continue;
    }
    // Once a checkout is sent the shopper sees it through, even past the end of the run.
    const key = randomUUID();
    const giveUpAt = Date.now() + CHECKOUT_GIVE_UP_MS;
    for (;;) {
      const answer = await send(
        c,
        'POST',
        `${cart}/order`,
        { cartToken, idempotencyKey: key },
        undefined,
        'checkout',
      );
      if (answer.status === 201) {
        tally.ordered.set(cartId, (JSON.parse(answer.body) as { orderId: string }).orderId);
        if (answer.headers.get('idempotent-replayed') === 'true') tally.recovered++;
        break;
      }
      if (!retryable(answer.status) || Date.now() > giveUpAt) {
        tally.unfinished.push({ cartId, status: answer.status });
        break;
      }
      await sleep(waitOf(answer));
    }
    await sleep(THINK_MS);
  }
}

/** A reader: lists carts, lists products, searches products, in turn. */
export async function reader(c: Clients): Promise<void> {
  const reads = [
    { name: 'list carts', method: 'GET', path: `/${c.shopId}/carts?resultsPerPage=10` },
    { name: 'list products', method: 'GET', path: `/${c.shopId}/products?resultsPerPage=20` },
    { name: 'search', method: 'POST', path: `/${c.shopId}/search/products`, body: { query: 'coffee' } },
  ];
  for (let i = 0; c.running(); i++) {
    const { name, method, path, body } = reads[i % reads.length] as (typeof reads)[number];
    await send(c, method, path, {}, body, name);
    await sleep(THINK_MS);
  }
}

/** Retries a step while it answers 503 or 409; its 2xx answer, or undefined (given up). */
async function untilDone(call: () => Promise<Sent>): Promise<Sent | undefined> {
  for (;;) {
    const answer = await call();
    if (answer.status >= 200 && answer.status < 300) return answer;
    if (!retryable(answer.status)) return undefined; // counted by status; the shopper starts anew
    await sleep(waitOf(answer));
  }
}

interface Sent {
  status: number;
  body: string;
  headers: Headers;
}

async function send(
  c: Clients,
  method: string,
  path: string,
  extra: { cartToken?: string; idempotencyKey?: string },
  body: unknown,
  name: string,
): Promise<Sent> {
  const startedAt = Date.now();
  const headers = {
    ...benchHeaders(c.token, { cartToken: extra.cartToken, json: body !== undefined }),
    ...(extra.idempotencyKey ? { 'idempotency-key': extra.idempotencyKey } : {}),
  };
  const response = await fetch(`${c.baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const retryAfter = response.headers.get('retry-after');
  c.record({ name, status: response.status, retryAfter, startedAt, endedAt: Date.now() });
  return { status: response.status, body: text, headers: response.headers };
}

/** 503 (DynamoDB failing) and 409 (a lost race: another checkout of the cart) are worth a retry. */
function retryable(status: number): boolean {
  return status === 503 || status === 409;
}

function waitOf(answer: Sent): number {
  const seconds = Number(answer.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RETRY_WAIT_MS;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
