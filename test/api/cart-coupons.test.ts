import { describe, expect, it } from 'vitest';
import { newCart } from '../support/carts';

const container = (body: any) => body.lineItemContainer;

describe('coupons and basket discounts', () => {
  it('applies WELCOME10 (10 %), from a form or JSON body, case-insensitively, and removes it', async () => {
    const cart = await newCart('demo', { lineItems: [{ productId: 'merino-beanie', quantity: 2 }] });

    const added = await cart.call('/coupon', { method: 'POST', body: { code: 'welcome10' } });
    const again = await cart.call('/coupon', {
      method: 'POST',
      rawBody: 'code=WELCOME10',
      contentType: 'application/x-www-form-urlencoded',
    });
    const couponId = container(added.body).couponLineItem.couponLineItemId;
    const wrongId = await cart.call('/coupon/nope', { method: 'DELETE' });
    const removed = await cart.call(`/coupon/${couponId}`, { method: 'DELETE' });

    expect(added.status).toBe(200);
    expect(container(added.body).couponLineItem).toMatchObject({
      code: 'WELCOME10',
      lineItemPrice: { amount: -4.98 },
      validationErrors: [],
    });
    expect(container(added.body).grandTotal.amount).toBe(44.82);
    expect(added.body.links.map((l: any) => l.rel)).toContain('remove-coupon');
    expect(again.status).toBe(200);
    expect(container(again.body).couponLineItem.couponLineItemId).toBe(couponId);
    expect(wrongId.status).toBe(404);
    expect(removed.status).toBe(200);
    expect(container(removed.body).couponLineItem).toBeNull();
    expect(removed.body.links.map((l: any) => l.rel)).toContain('add-coupon');
  });

  it('keeps TENOFF with validationErrors and no discount until the subtotal reaches 30.00', async () => {
    const cart = await newCart('demo', { lineItems: [{ productId: 'merino-beanie', quantity: 1 }] });

    const pending = await cart.call('/coupon', { method: 'POST', body: { code: 'TENOFF' } });
    const line = container(pending.body).productLineItems[0].lineItemId;
    const reached = await cart.call(`/line-items/${line}`, { method: 'PUT', body: { quantity: 2 } });

    expect(container(pending.body).couponLineItem).toMatchObject({
      lineItemPrice: { amount: 0 },
      validationErrors: ['LineItemsSubTotalTooSmall'],
    });
    expect(container(pending.body).grandTotal.amount).toBe(24.9);
    expect(container(reached.body).couponLineItem).toMatchObject({
      lineItemPrice: { amount: -10 },
      validationErrors: [],
    });
    expect(container(reached.body).grandTotal.amount).toBe(39.8);
  });

  it('answers 400 for an unknown code and 409 for a second coupon', async () => {
    const cart = await newCart('demo', { lineItems: [{ productId: 'merino-beanie', quantity: 2 }] });
    await cart.call('/coupon', { method: 'POST', body: { code: 'WELCOME10' } });

    const unknown = await cart.call('/coupon', { method: 'POST', body: { code: 'NOPE' } });
    const second = await cart.call('/coupon', { method: 'POST', body: { code: 'TENOFF' } });
    const empty = await cart.call('/coupon', { method: 'POST', body: {} });

    expect(unknown.status).toBe(400);
    expect(second.status).toBe(409);
    expect(empty.status).toBe(400);
  });

  it('gives the basket discount of 10.00 from a 100.00 subtotal, named', async () => {
    const below = await newCart('demo', { lineItems: [{ productId: 'merino-beanie', quantity: 4 }] });
    const above = await newCart('demo', { lineItems: [{ productId: 'merino-beanie', quantity: 5 }] });

    expect(container(below.response.body).basketDiscount).toEqual({ links: [] });
    expect(container(above.response.body).basketDiscount).toMatchObject({
      name: expect.any(String),
      lineItemPrice: { amount: -10 },
    });
    expect(container(above.response.body).grandTotal.amount).toBe(114.5);
    expect(above.response.body.potentialBasketDiscounts[0].minimumAmount.amount).toBe(100);
  });
});
