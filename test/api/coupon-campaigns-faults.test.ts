import { afterEach, describe, expect, it } from 'vitest';
import { billedCart } from '../support/carts';
import { clearFaults, clearLostAnswers, injectFaults, loseAnswers } from '../support/faults';
import { ownServer } from '../support/own-server';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * A coupon's use is counted exactly once with its order (docs/catalog.md "Coupon campaigns"): a
 * checkout that fails counts none and takes no stock; a checkout retried after its answer was lost
 * (by the client with its Idempotency-Key, or by the SDK) counts once. This file runs its own
 * server, so the faults stay in this process.
 */
const api = ownServer();
afterEach(() => {
  clearFaults();
  clearLostAnswers();
});

/** A shop of its own (2 tracked stoves) with a campaign of `usesPerCode` holding the code SAVE. */
async function couponShop(usesPerCode: number) {
  const shop = await privateDemoShop('couponfault', withStock({ 'gas-stove': { stock: 2 } }));
  const made = await api(`/${shop}/coupon-campaigns`, {
    method: 'POST',
    body: {
      identifier: 'save',
      name: 'Save',
      currency: 'EUR',
      type: { name: 'FIX', amount: 2 },
      usesPerCode,
    },
  });
  await api(`/${shop}/coupon-campaigns/${made.body.campaignId}/coupons`, {
    method: 'PUT',
    body: { code: 'SAVE' },
  });
  const timesUsed = async () =>
    (await api(`/${shop}/coupon-campaigns/${made.body.campaignId}`)).body.timesUsed as number;
  return { shop, timesUsed };
}

/** A billed cart of `stoves` gas stoves holding the code SAVE; its checkout. */
async function couponCart(shop: string, stoves: number) {
  const cart = await billedCart(api, shop, [{ productId: 'gas-stove', quantity: stoves }]);
  const added = await api(`${cart.path}/coupon`, {
    method: 'POST',
    body: { code: 'SAVE' },
    cartToken: cart.cartToken,
  });
  expect(added.status).toBe(200);
  return cart.checkout;
}

describe('a checkout with a coupon', () => {
  it('that fails counts no use and takes no stock; the same cart then orders and counts one', async () => {
    // Prepare: the order's transaction fails in all three of the SDK's attempts
    const { shop, timesUsed } = await couponShop(1);
    const checkout = await couponCart(shop, 2);
    const faults = injectFaults({ commands: ['TransactWriteItemsCommand'], times: 3 });

    // Act
    const failed = await checkout();
    clearFaults();
    const usedAfterFailure = await timesUsed();
    const ordered = await checkout();

    // Assess: the one use and both stoves were still there for the second attempt
    expect(faults.failed()).toBe(3);
    expect(failed.status).toBe(503);
    expect(usedAfterFailure).toBe(0);
    expect(ordered.status).toBe(201);
    expect(ordered.body.grandTotal).toBe('97.80');
    expect(await timesUsed()).toBe(1);
  });

  it('whose answer was lost counts once when the client retries with its Idempotency-Key', async () => {
    // Prepare: two uses allowed, so a second count would go through and show
    const { shop, timesUsed } = await couponShop(2);
    const checkout = await couponCart(shop, 1);
    const lost = loseAnswers({ commands: ['TransactWriteItemsCommand'], times: 3 });

    // Act
    const failed = await checkout({ 'idempotency-key': 'coupon-lost-1' });
    clearLostAnswers();
    const retried = await checkout({ 'idempotency-key': 'coupon-lost-1' });
    const otherKey = await checkout({ 'idempotency-key': 'coupon-lost-2' });

    // Assess
    expect(lost.lost()).toBe(3);
    expect(failed.status).toBe(503);
    expect(retried.status).toBe(201);
    expect(retried.body.lineItemContainer.couponLineItem).toMatchObject({
      code: 'SAVE',
      lineItemPrice: { amount: -2 },
    });
    expect(otherKey.status).toBe(410);
    expect(await timesUsed()).toBe(1);
  });

  it('whose first answer was lost and resent by the SDK counts once', async () => {
    // Prepare: the first attempt's transaction is applied, its answer lost; the SDK sends it again
    const { shop, timesUsed } = await couponShop(2);
    const checkout = await couponCart(shop, 1);
    const lost = loseAnswers({ commands: ['TransactWriteItemsCommand'], times: 1 });

    // Act
    const ordered = await checkout({ 'idempotency-key': 'coupon-sdk-1' });
    clearLostAnswers();

    // Assess
    expect(lost.lost()).toBe(1);
    expect(ordered.status).toBe(201);
    expect(await timesUsed()).toBe(1);
  });
});
