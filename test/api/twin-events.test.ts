import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalBusEvent } from '../../infra/local/events/local-event-bus';
import { call } from '../support/api';
import { busEvents, waitForBusEvents } from '../support/bus-events';
import { orderableCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * Domain and stock events on the twin (docs/operations.md "Events on the twin"): real HTTP writes,
 * the table's stream on DynamoDB Local read by the twin's runner, the consumer AWS runs, the local
 * bus. The twin runs in vitest's main process; its events reach this file through the bus's file.
 */
describe("the twin's stream consumer", () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('twinev', withStock({ 'gas-stove': { stock: 3, min: 1 } }));
  });
  const ofShop = (type: string) => (e: LocalBusEvent) => e.detailType === type && e.detail.shopId === shop;

  it('raises order.created for an order placed through the API, once, with its number and total', async () => {
    // Prepare
    const cart = await orderableCart(shop);

    // Act
    const placed = await cart.call('/order', { method: 'POST' });
    const isOrder = (e: LocalBusEvent) =>
      ofShop('order.created')(e) && e.detail.orderId === placed.body.orderId;
    const [event] = await waitForBusEvents(isOrder);

    // Assess
    expect(placed.status).toBe(201);
    expect(event).toMatchObject({
      source: 'shop-api.local',
      detail: {
        shopId: shop,
        orderId: placed.body.orderId,
        orderNumber: placed.body.orderNumber,
        cartId: cart.cartId,
        currency: 'EUR',
        grandTotal: expect.stringMatching(/^\d+\.\d{2}$/),
      },
    });
    expect(busEvents(isOrder)).toHaveLength(1);
    expect(busEvents((e) => ofShop('cart.created')(e) && e.detail.cartId === cart.cartId)).toHaveLength(1);
  });

  it('raises ProductStockChanged and ProductSoldOut when a PATCH of /stocklevel sells a product out', async () => {
    // Act
    const patched = await call(`/${shop}/products/gas-stove`, {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/stocklevel', value: 0 }],
    });
    const [soldOut] = await waitForBusEvents(
      (e) => ofShop('ProductSoldOut')(e) && e.detail.productId === 'gas-stove',
    );

    // Assess: the change comes first on the bus, then the crossing, each once; the shop's import,
    // which created the stove's stock, raised nothing (a first level is no change)
    expect(patched.status).toBe(200);
    expect(soldOut?.detail).toEqual({ shopId: shop, productId: 'gas-stove', stocklevel: 0 });
    const stove = busEvents((e) => e.detail.shopId === shop && e.detail.productId === 'gas-stove');
    expect(stove.map((e) => e.detailType)).toEqual(['ProductStockChanged', 'ProductSoldOut']);
    expect(busEvents((e) => e.detail.shopId === shop && e.detail.reason === 'import')).toEqual([]);
    expect(stove[0]?.detail).toMatchObject({
      oldStocklevel: 3,
      stocklevel: 0,
      reason: 'patch',
      orderId: null,
    });
  });
});
