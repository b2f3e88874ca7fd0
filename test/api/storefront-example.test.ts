import { describe, expect, inject, it } from 'vitest';
import { shopClient } from '../../examples/client/shop-client';
import { runStorefront } from '../../examples/storefront';
import { call, tokenFor } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

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
    const run = await runStorefront(api, 'demo', (line) => {
      said.push(line);
    });

    // Assess: what it reports is what the API holds
    expect(run.productsListed).toBeGreaterThan(0);
    expect(run.searchHits).toBeGreaterThan(0);
    expect(said).toHaveLength(6);
    expect(said[2]).toMatch(/^.+: (In stock|Only a few left)( \(\d+(\.\d+)?\))?$/);
    const order = await call(`/demo/orders/${run.orderId}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ grandTotal: run.grandTotal, currencyId: 'EUR' });
    expect(String(order.body.orderNumber)).toBe(run.orderNumber);
    // The cart is ordered: with no cart token the API refuses it (403 before 410).
    const cart = await call(`/demo/carts/${run.cartId}`);
    expect(cart.status).toBe(403);
  });

  it('tells the buyer what sold out before the checkout, drops it and orders the rest', {
    timeout: 60_000,
  }, async () => {
    // Prepare: a shop whose first buyable product (by name) has one piece; another buyer takes it
    // while the storefront fills its cart (when it reports the cart, just before the checkout).
    const shop = await privateDemoShop('storefront', withStock({ 'espresso-beans': { stock: 1 } }));
    const api = shopClient({ baseUrl: inject('apiUrl'), token: tokenFor(shop) });
    const said: string[] = [];
    let rival: number | undefined;
    const takeTheLastBag = async () => {
      const cart = await newCart(shop, { lineItems: [{ productId: 'espresso-beans', quantity: 1 }] });
      await cart.call('/billing-address', { method: 'PUT', body: BILLING });
      return (await cart.call('/order', { method: 'POST' })).status;
    };

    // Act
    const run = await runStorefront(api, shop, async (line) => {
      said.push(line);
      if (line.startsWith('cart ')) rival = await takeTheLastBag();
    });

    // Assess
    expect(rival).toBe(201);
    expect(said.some((line) => /^sold out: .+ \(1 requested, 0 available\)$/.test(line))).toBe(true);
    const order = await call(`/${shop}/orders/${run.orderId}`);
    expect(order.status).toBe(200);
    expect(
      order.body.lineItemContainer.productLineItems.map((l: { productId: string }) => l.productId),
    ).not.toContain('espresso-beans');
  });
});
