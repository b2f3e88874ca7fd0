import { readFile } from 'node:fs/promises';
import { prepareSampleEvent, sampleEventFile } from '../../infra/local/sample-event';
import { matchRoute } from '../../lib/http/router';
import { type Route, routeList } from '../../lib/routes';
import { createCart, tokenFor } from './api';
import { BILLING, newCart } from './carts';

/** A valid request of one route in the fuzz shop: the seed the mutations start from. */
export interface FuzzSample {
  params: Record<string, string>;
  query: string;
  body?: string;
  contentType?: string;
}

/** A cart the fuzzer may send requests to, with its token and line and coupon ids. */
export interface FuzzCart {
  cartId: string;
  cartToken: string;
  lineItemIds: string[];
  couponLineItemId: string;
}

/** What the generators draw valid values from. */
export interface FuzzContext {
  shop: string;
  /** An all-scopes token of the fuzz shop. */
  token: string;
  samples: Map<string, FuzzSample>;
  /** Carts for every cart route but the checkout. */
  carts: FuzzCart[];
  /** Carts with a billing address, for the checkout (ordered ones answer 410 from then on). */
  orderCarts: FuzzCart[];
  /** Valid ids per path parameter name, gathered from the samples and the seed. */
  ids: Record<string, string[]>;
  /** Tokens the API refuses or that do not fit (another shop, expired, no scope). */
  otherTokens: string[];
}

/** The seed's ids the generators use besides the samples' (demo.json, copied into the fuzz shop). */
const SEED_IDS: Record<string, string[]> = {
  productId: ['trail-tshirt', 'trail-tshirt-red-m', 'rain-jacket', 'hidden-prototype', 'display-only-sample'],
  categoryId: ['root', 'clothing', 'jackets', 'prototypes'],
  customerId: ['anna-schmidt', 'jonas-weber'],
  taxClassId: ['standard', 'reduced'],
  productTypeId: ['apparel'],
};

/**
 * Prepares the fuzz run in a private copy of the demo shop (the fuzzer writes: it must not change
 * what other test files read in demo): every route's sample event made runnable there, and pools
 * of carts with lines and a coupon.
 */
export async function fuzzContext(shop: string, cartCount = 30, orderCartCount = 10): Promise<FuzzContext> {
  const samples = new Map<string, FuzzSample>();
  for (const route of routeList) samples.set(route.name, await shopSample(route, shop));
  const ids: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(SEED_IDS)) ids[name] = [...values];
  for (const sample of samples.values()) {
    for (const [name, value] of Object.entries(sample.params)) {
      if (name === 'shopId') continue;
      ids[name] ??= [];
      if (!ids[name].includes(value)) ids[name].push(value);
    }
  }
  const carts: FuzzCart[] = [];
  for (let i = 0; i < cartCount; i++) carts.push(await fuzzCart(shop, false));
  const orderCarts: FuzzCart[] = [];
  for (let i = 0; i < orderCartCount; i++) orderCarts.push(await fuzzCart(shop, true));
  const stranger = await createCart('demo');
  return {
    shop,
    token: tokenFor(shop),
    samples,
    carts,
    orderCarts,
    ids,
    otherTokens: [
      tokenFor('demo'),
      tokenFor(shop, [], -60),
      tokenFor(shop, []),
      tokenFor(shop, ['products_read']),
      stranger.cartToken,
    ],
  };
}

async function fuzzCart(shop: string, billing: boolean): Promise<FuzzCart> {
  const cart = await newCart(shop, {
    lineItems: [
      { productId: 'espresso-beans', quantity: 2 },
      { productId: 'merino-beanie', quantity: 1 },
    ],
  });
  const coupon = await cart.call('/coupon', { method: 'POST', body: { code: 'WELCOME10' } });
  if (billing) await cart.call('/billing-address', { method: 'PUT', body: BILLING });
  return {
    cartId: cart.cartId,
    cartToken: cart.cartToken,
    lineItemIds: cart.response.body.lineItemContainer.productLineItems.map((l: any) => l.lineItemId),
    couponLineItemId: coupon.body.lineItemContainer.couponLineItem.couponLineItemId,
  };
}

/** A route's sample event, moved to the fuzz shop and made runnable (its factories run there). */
async function shopSample(route: Route, shop: string): Promise<FuzzSample> {
  const template = (await readFile(sampleEventFile(route), 'utf8'))
    .replaceAll('/demo/', `/${shop}/`)
    .replaceAll('"/demo"', JSON.stringify(`/${shop}`))
    .replaceAll('"demo"', JSON.stringify(shop));
  const event = (await prepareSampleEvent(JSON.parse(template))) as {
    rawPath: string;
    rawQueryString?: string;
    body?: string;
    headers: Record<string, string>;
  };
  const match = matchRoute(route.method, event.rawPath);
  if (match.kind !== 'route') throw new Error(`the sample of ${route.name} does not match its route`);
  return {
    params: match.params,
    query: event.rawQueryString ?? '',
    ...(event.body !== undefined ? { body: event.body, contentType: event.headers['content-type'] } : {}),
  };
}
