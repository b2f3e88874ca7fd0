import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, onHref, type SeenHref } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop } from '../support/shops';

/**
 * Every link the API hands out resolves: a storefront walking a realistic flow (shop, catalog, cart,
 * checkout, order, documents, customers) follows every href it is given, with a token of all scopes
 * (and the cart token where the href is a cart), and gets 200. Action links (add-coupon,
 * remove-coupon) name a resource that takes their method: a GET there is 405 with that method in
 * `Allow`. Links are followed right after the step that returned them (a cart's links before the
 * cart is ordered), and the responses of the links followed are followed in turn.
 */

/** Action links and the method their target takes. */
const ACTIONS: Record<string, string> = { 'add-coupon': 'POST', 'remove-coupon': 'DELETE' };

/** Every rel the views emit (read from lib/domain: `link(ctx, 'rel', ...)`, `rel: 'rel'`, `categoryLink('rel', ...)`). */
function relsInViews(): string[] {
  const dir = join(__dirname, '../../lib/domain');
  const rels = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const pattern of [
      /\blink\(\s*ctx,\s*'([\w-]+)'/g,
      /\brel:\s*'([\w-]+)'/g,
      /\bcategoryLink\('([\w-]+)'/g,
    ]) {
      for (const found of source.matchAll(pattern)) rels.add(found[1] as string);
    }
  }
  return [...rels].sort();
}

describe('links', () => {
  let shop: string;
  const apiUrl = inject('apiUrl');
  const queue: SeenHref[] = [];
  /** Status per href followed, and the rels followed. */
  const followed = new Map<string, number>();
  const relsFollowed = new Set<string>();
  const cartTokens = new Map<string, string>();
  const failures: string[] = [];

  beforeAll(async () => {
    shop = await privateDemoShop('links');
    onHref((seen) => queue.push(seen));
  });
  afterAll(() => onHref(undefined));

  /** Follows every href seen so far, and those their answers carry, once each. */
  async function followLinks(): Promise<void> {
    for (let seen = queue.shift(); seen; seen = queue.shift()) {
      if (seen.rel) relsFollowed.add(seen.rel);
      if (followed.has(seen.href)) continue;
      if (!seen.href.startsWith(`${apiUrl}/${shop}`)) {
        failures.push(`${seen.rel} ${seen.href}: not a link into this API's shop`);
        followed.set(seen.href, 0);
        continue;
      }
      const path = seen.href.slice(apiUrl.length);
      const cartId = /^\/[^/]+\/carts\/([^/?]+)/.exec(path)?.[1];
      const cartToken = cartId ? cartTokens.get(decodeURIComponent(cartId)) : undefined;
      const response = await call(path, cartToken ? { cartToken } : {});
      followed.set(seen.href, response.status);
      const action = seen.rel ? ACTIONS[seen.rel] : undefined;
      const resolves = action
        ? response.status === 405 && (response.headers.get('allow') ?? '').includes(action)
        : response.status === 200;
      if (!resolves)
        failures.push(`${seen.rel} ${seen.href}: ${response.status} ${response.text.slice(0, 120)}`);
    }
  }

  /** A cart of the shop whose token the link follower knows. */
  async function cart(body: unknown = {}) {
    const created = await newCart(shop, body);
    cartTokens.set(created.cartId, created.cartToken);
    return created;
  }

  it('all resolve along a storefront flow, and every rel the views emit is among them', async () => {
    // Act: shop and catalog
    for (const path of [
      '',
      '/locales',
      '/currencies',
      '/products?resultsPerPage=100',
      '/products/trail-tshirt',
      '/products/trail-tshirt/variations',
      '/products/dome-tent-2p/crossselling',
      '/products/trail-tshirt/custom-attributes',
      '/products/trail-tshirt/categories',
      '/categories',
      '/categories/clothing',
      '/shipping-methods',
      '/shipping-methods/dhl-express',
      '/tax-classes',
      '/tax-model',
      '/legal/contact-information',
    ]) {
      expect((await call(`/${shop}${path}`)).status, path).toBe(200);
    }
    expect(
      (await call(`/${shop}/search/products`, { method: 'POST', body: { query: 'titanium' } })).status,
    ).toBe(200);
    await followLinks();

    // Act: a cart with lines, a coupon, addresses and shipping; a second one without coupon
    const bare = await cart({ lineItems: [{ productId: 'merino-beanie', quantity: 1 }] });
    expect((await bare.call('')).status).toBe(200);
    const full = await cart({ lineItems: [{ productId: 'espresso-beans', quantity: 2 }] });
    const steps = [
      await full.call('/line-items', {
        method: 'POST',
        body: { productId: 'trail-tshirt-red-m', quantity: 1 },
      }),
      await full.call('/coupon', { method: 'POST', body: { code: 'WELCOME10' } }),
      await full.call('/billing-address', { method: 'PUT', body: BILLING }),
      await full.call('/shipping-address', { method: 'PUT', body: BILLING }),
      await full.call('/shipping-data', { method: 'PUT', body: { id: 'dhl-express' } }),
      await call(`/${shop}/carts?resultsPerPage=1`),
    ];
    expect(steps.map((step) => step.status)).toEqual([201, 200, 200, 200, 200, 200]);
    await followLinks();

    // Act: checkout, order, documents, customers (lists one a page, for their `next` links)
    const order = await full.call('/order', { method: 'POST' });
    expect(order.status).toBe(201);
    const orderId: string = order.body.orderId;
    const after = [
      await call(`/${shop}/orders/${orderId}/documents`, {
        method: 'POST',
        body: { documentType: 'Invoice' },
      }),
      await call(`/${shop}/orders/${orderId}/documents`),
      await call(`/${shop}/orders?resultsPerPage=1`),
      await call(`/${shop}/customers`, { method: 'POST', body: { billingAddress: BILLING } }),
      await call(`/${shop}/customers?resultsPerPage=1`),
    ];
    expect(after.map((step) => step.status)).toEqual([201, 200, 200, 201, 200]);
    await followLinks();

    // Assess
    expect(failures).toEqual([]);
    expect(followed.size).toBeGreaterThan(50);
    expect([...relsFollowed].sort()).toEqual(expect.arrayContaining(relsInViews()));
  }, 180_000);
});
