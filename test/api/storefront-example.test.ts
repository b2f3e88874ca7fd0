import { describe, expect, inject, it } from 'vitest';
import { shopClient } from '../../examples/client/shop-client';
import { runStorefront } from '../../examples/storefront';
import { call, tokenFor } from '../support/api';

/**
 * The example storefront (examples/storefront.ts) on its typed client runs end to end against the
 * twin: browse, search with a facet, cart, coupon, addresses, shipping, checkout.
 */
describe('examples/storefront.ts', () => {
  it('browses, searches with a facet and checks out an order the API then serves', {
    timeout: 60_000,
  }, async () => {
    // Prepare
    const api = shopClient({ baseUrl: inject('apiUrl'), token: tokenFor('demo') });
    const said: string[] = [];

    // Act
    const run = await runStorefront(api, 'demo', (line) => said.push(line));

    // Assess: what it reports is what the API holds
    expect(run.productsListed).toBeGreaterThan(0);
    expect(run.searchHits).toBeGreaterThan(0);
    expect(said).toHaveLength(4);
    const order = await call(`/demo/orders/${run.orderId}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ grandTotal: run.grandTotal, currencyId: 'EUR' });
    expect(String(order.body.orderNumber)).toBe(run.orderNumber);
    // The cart is ordered: with no cart token the API refuses it (403 before 410).
    const cart = await call(`/demo/carts/${run.cartId}`);
    expect(cart.status).toBe(403);
  });
});
