import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../../infra/local/server';
import { call } from '../support/api';
import { BILLING } from '../support/carts';
import { holdCalls } from '../support/faults';
import { useLocalTable } from '../support/local-env';
import { privateDemoShop } from '../support/shops';

/**
 * GET /carts reads what changed in the cart feed, then the page's carts by key. A cart that gains
 * its address while the feed is read is listed as the feed showed it and read as it is now: the
 * page must list it once, and count it once. This file runs its own server, so the test can hold
 * the list's feed read in this process.
 */
let server: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  useLocalTable();
  server = await startLocalServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

describe('GET /{shopId}/carts while a cart gains its address', () => {
  it('lists and counts the cart once', async () => {
    // Prepare: one open cart without address data
    const shop = await privateDemoShop('cartrace');
    const baseUrl = server.url;
    const created = await call(`/${shop}/carts`, {
      method: 'POST',
      body: { lineItems: [{ productId: 'trail-mix', quantity: 1 }] },
      baseUrl,
    });
    const cartToken = created.headers.get('x-service-cart-token') as string;
    const cartId = created.body.cartId as string;
    // The list's read of the cart feed waits until the address is set.
    const held = holdCalls(
      (command, input) => command === 'QueryCommand' && JSON.stringify(input).includes(`${shop}#CARTFEED#`),
    );

    // Act
    const listing = call(`/${shop}/carts`, { baseUrl });
    await held.reached;
    const address = await call(`/${shop}/carts/${cartId}/billing-address`, {
      method: 'PUT',
      body: BILLING,
      cartToken,
      baseUrl,
    });
    held.release();
    const listed = await listing;

    // Assess
    expect(address.status).toBe(200);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((c: { cartId: string }) => c.cartId)).toEqual([cartId]);
    expect(listed.body.results).toBe(1);
  });
});
