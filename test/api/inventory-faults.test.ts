import { afterEach, describe, expect, it } from 'vitest';
import { sweepStockHolds } from '../../lib/use-cases/inventory/sweep-stock-holds';
import { billedCart } from '../support/carts';
import { clearFaults, holdCalls, injectFaults } from '../support/faults';
import { ownServer } from '../support/own-server';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * Stock set aside by a checkout that then fails comes back, exactly once: DynamoDB failing between
 * the hold and the order, failing again while the hold is ended (the sweeper gives it back), and a
 * checkout retried with its Idempotency-Key. This file runs its own server so the faults stay in
 * this process.
 */
const api = ownServer();
afterEach(() => clearFaults());

/** A shop of its own whose tent has `stock` pieces. */
const tentShop = (stock: number) => privateDemoShop('stockfault', withStock({ 'dome-tent-2p': { stock } }));

/** A cart of `quantity` tents with a billing address; returns its checkout. */
async function tentCart(shop: string, quantity: number) {
  return (await billedCart(api, shop, [{ productId: 'dome-tent-2p', quantity }])).checkout;
}

/** Holds every order transaction (the TransactWriteItems that puts an order) until released. */
function holdOrderWrites() {
  return holdCalls(
    (command, input) =>
      command === 'TransactWriteItemsCommand' &&
      (input as { TransactItems: { Put?: { Item?: { sk?: string } } }[] }).TransactItems.some(
        (item) => item.Put?.Item?.sk === 'ORDER',
      ),
  );
}

describe('stock set aside by a failing checkout', () => {
  it('comes back when the order cannot be written: the whole stock is still for sale', async () => {
    // Prepare
    const shop = await tentShop(3);
    const failing = await tentCart(shop, 3);
    // The order's transaction fails in all three of the SDK's attempts; what follows goes through.
    const faults = injectFaults({ commands: ['TransactWriteItemsCommand'], times: 3 });

    // Act
    const failed = await failing();
    clearFaults();
    const other = await (await tentCart(shop, 3))();
    const retried = await failing();

    // Assess
    expect(failed.status).toBe(503);
    expect(faults.failed()).toBe(3);
    expect(other.status).toBe(201);
    expect(retried.status).toBe(409);
    expect(retried.body.errors).toEqual([
      { field: 'lineItemContainer.productLineItems[0]', message: '3 requested, 0 available', available: 0 },
    ]);
  });

  it('comes back through the sweeper when ending the hold fails too, and only once', async () => {
    // Prepare: after the take and the order number (two UpdateItems), the order and every write
    // after it fail, so the hold stays as the checkout left it
    const shop = await tentShop(2);
    const failing = await tentCart(shop, 2);
    // Carts are made while there is stock (a cart add beyond it is refused: docs/inventory.md).
    const [whileHeldCart, afterSweepCart, oneMoreCart] = await Promise.all([
      tentCart(shop, 1),
      tentCart(shop, 2),
      tentCart(shop, 1),
    ]);
    injectFaults({
      commands: ['TransactWriteItemsCommand', 'UpdateItemCommand', 'DeleteItemCommand'],
      times: Number.POSITIVE_INFINITY,
      skip: 2,
    });

    // Act
    const failed = await failing();
    clearFaults();
    const whileHeld = await whileHeldCart();
    const swept = await sweepStockHolds(shop, 0);
    const sweptAgain = await sweepStockHolds(shop, 0);
    const afterSweep = await afterSweepCart();
    const oneMore = await oneMoreCart();

    // Assess
    expect(failed.status).toBe(503);
    expect(whileHeld.status).toBe(409);
    expect(swept).toEqual({ released: 1, ordered: 0 });
    expect(sweptAgain).toEqual({ released: 0, ordered: 0 });
    expect(afterSweep.status).toBe(201);
    expect(oneMore.status).toBe(409);
  });

  it('stays taken for its order when clearing the shard fails; the sweeper clears it without giving it back', async () => {
    // Prepare: the take and the order number go through (two UpdateItems), the shard's clearing after
    // the order (the third) fails
    const shop = await tentShop(2);
    const [ordering, secondCart, thirdCart] = await Promise.all([
      tentCart(shop, 1),
      tentCart(shop, 1),
      tentCart(shop, 1),
    ]);
    injectFaults({ commands: ['UpdateItemCommand'], times: Number.POSITIVE_INFINITY, skip: 2 });

    // Act
    const ordered = await ordering();
    clearFaults();
    const swept = await sweepStockHolds(shop, 0);
    const sweptAgain = await sweepStockHolds(shop, 0);
    const second = await secondCart();
    const third = await thirdCart();

    // Assess
    expect(ordered.status).toBe(201);
    expect(swept).toEqual({ released: 0, ordered: 1 });
    expect(sweptAgain).toEqual({ released: 0, ordered: 0 });
    expect(second.status).toBe(201);
    expect(third.status).toBe(409);
  });

  it('is given back once when the sweeper releases a hold before its late order, which then takes again', async () => {
    // Prepare: the order's transaction waits until the sweeper has released the checkout's hold
    const shop = await tentShop(1);
    const [late, other] = await Promise.all([tentCart(shop, 1), tentCart(shop, 1)]);
    const orderWrite = holdOrderWrites();

    // Act
    const checkout = late();
    await orderWrite.reached;
    const swept = await sweepStockHolds(shop, 0);
    orderWrite.release();
    const ordered = await checkout;
    const afterwards = await other();

    // Assess
    expect(swept).toEqual({ released: 1, ordered: 0 });
    expect(ordered.status).toBe(201);
    expect(afterwards.status).toBe(409);
    expect(afterwards.body.errors[0].available).toBe(0);
  });

  it('takes the stock of a line added while the checkout was under way, as the order shows it', async () => {
    // Prepare: a cart of an untracked beanie checks out; its order's transaction waits while the
    // buyer adds the shop's last tent to it, so the transaction meets a changed cart
    const shop = await privateDemoShop(
      'stockfault',
      withStock({ 'dome-tent-2p': { stock: 1 }, 'merino-beanie': { stock: null } }),
    );
    const {
      path,
      cartToken,
      checkout: order,
    } = await billedCart(api, shop, [{ productId: 'merino-beanie', quantity: 1 }]);
    const other = await tentCart(shop, 1);
    const orderWrite = holdOrderWrites();

    // Act
    const checkout = order();
    await orderWrite.reached;
    const added = await api(`${path}/line-items`, {
      method: 'POST',
      body: { productId: 'dome-tent-2p', quantity: 1 },
      cartToken,
    });
    orderWrite.release();
    const ordered = await checkout;
    const afterwards = await other();

    // Assess
    expect(added.status).toBe(201);
    expect(ordered.status).toBe(201);
    expect(ordered.body.lineItemContainer.productLineItems.map((l: any) => l.productId)).toEqual([
      'merino-beanie',
      'dome-tent-2p',
    ]);
    expect(afterwards.status).toBe(409);
    expect(afterwards.body.errors[0].available).toBe(0);
  });

  it('is taken once for a checkout retried with the same Idempotency-Key', async () => {
    const shop = await tentShop(2);
    const [checkout, secondCart, thirdCart] = await Promise.all([
      tentCart(shop, 1),
      tentCart(shop, 1),
      tentCart(shop, 1),
    ]);
    const key = { 'idempotency-key': `stock-${Date.now()}` };

    const first = await checkout(key);
    const replayed = await checkout(key);
    const second = await secondCart();
    const third = await thirdCart();

    expect(first.status).toBe(201);
    expect(replayed.status).toBe(201);
    expect(replayed.body.orderId).toBe(first.body.orderId);
    expect(second.status).toBe(201);
    expect(third.status).toBe(409);
  });
});
