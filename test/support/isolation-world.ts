import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../infra/local/dev-issuer';
import { call } from './api';
import { BILLING, newCart } from './carts';

/**
 * The two shops' objects the isolation matrix aims at, made through the API: shop `other`'s cart,
 * order (with its new customer and invoice), and in demo two carts with lines and a coupon.
 */
export interface IsolationWorld {
  other: {
    cartId: string;
    cartToken: string;
    lineItemId: string;
    orderId: string;
    customerId: string;
    email: string;
  };
  demo: {
    cartA: { cartId: string; cartToken: string; lineItemId: string; couponLineItemId: string };
    cartB: { cartId: string; cartToken: string; lineItemId: string; couponLineItemId: string };
  };
  /** Strings that identify shop other; a demo answer must not contain one the request did not send. */
  fingerprints: string[];
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;

async function expectStatus(response: { status: number; text: string }, status: number, what: string) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
}

/** A demo cart with one line and a coupon. */
async function demoCart() {
  const cart = await newCart('demo', { lineItems: [{ productId: 'espresso-beans', quantity: 2 }] });
  const coupon = await cart.call('/coupon', { method: 'POST', body: { code: 'WELCOME10' } });
  await expectStatus(coupon, 200, 'demo coupon');
  return {
    cartId: cart.cartId,
    cartToken: cart.cartToken,
    lineItemId: coupon.body.lineItemContainer.productLineItems[0].lineItemId as string,
    couponLineItemId: coupon.body.lineItemContainer.couponLineItem.couponLineItemId as string,
  };
}

/** Builds the world; every object is new, so parallel test files do not matter. */
export async function isolationWorld(): Promise<IsolationWorld> {
  // Shop other: an open cart, and an order whose buyer is new (so checkout makes a customer).
  const cart = await newCart('other', { lineItems: [{ productId: 'other-pencil-set', quantity: 1 }] });
  const email = `iso-${unique()}@other-shop.example.com`;
  const ordered = await newCart('other', { lineItems: [{ productId: 'other-notebook-a5', quantity: 1 }] });
  await expectStatus(
    await ordered.call('/billing-address', {
      method: 'PUT',
      body: { ...BILLING, lastName: 'Petersen', emailAddress: email },
    }),
    200,
    'other billing address',
  );
  const order = await ordered.call('/order', { method: 'POST' });
  await expectStatus(order, 201, 'other order');
  const invoice = await call(`/other/orders/${order.body.orderId}/documents`, {
    method: 'POST',
    body: { documentType: 'Invoice' },
  });
  await expectStatus(invoice, 201, 'other invoice');
  const other = {
    cartId: cart.cartId,
    cartToken: cart.cartToken,
    lineItemId: cart.response.body.lineItemContainer.productLineItems[0].lineItemId as string,
    orderId: order.body.orderId as string,
    customerId: order.body.customerId as string,
    email,
  };
  const demo = { cartA: await demoCart(), cartB: await demoCart() };
  return {
    other,
    demo,
    fingerprints: [
      ...seedFingerprints(),
      other.cartId,
      other.cartToken,
      other.lineItemId,
      other.orderId,
      other.customerId,
      other.email,
      ordered.cartId,
      ordered.cartToken,
    ],
  };
}

/**
 * Distinctive strings of shop other's seed: every string value of at least 6 characters that the
 * demo seed does not contain, leaving out dates and single lower-case words ("notebook"), which a
 * demo answer may hold by chance.
 */
export function seedFingerprints(): string[] {
  const read = (name: string) => readFileSync(join(repoRoot, `infra/local/seed/${name}.json`), 'utf8');
  const demo = read('demo');
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    else if (
      typeof value === 'string' &&
      value.length >= 6 &&
      !demo.includes(value) &&
      !/^\d{4}-\d{2}-\d{2}/.test(value) &&
      !/^[a-z]+$/.test(value)
    )
      found.add(value);
  };
  walk(JSON.parse(read('other')));
  return [...found];
}

/** The fingerprints an answer shows that its request did not send itself (echoing input is fine). */
export function leaksOf(answer: string, sent: string, fingerprints: readonly string[]): string[] {
  const variants = (s: string) => [s, JSON.stringify(s).slice(1, -1)];
  return fingerprints.filter(
    (f) => variants(f).some((v) => answer.includes(v)) && !variants(f).some((v) => sent.includes(v)),
  );
}
