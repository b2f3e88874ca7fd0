import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { call } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop } from '../support/shops';

/**
 * The demo shop sells in EUR and GBP (docs/money-and-totals.md "Several currencies"): every price,
 * shipping price, coupon, basket discount and minimum has its own GBP figure, written in the seed.
 * GBP figures used below: espresso beans £12.79, titanium mug £23.99, DHL standard £4.19, TENOFF
 * £8.50 off from £25.00, free shipping from £45.00, basket discount £8.50 off from £85.00, minimum
 * cart £5.00.
 */

const gbp = (amount: number, formatted: string) => ({ taxType: 'GROSS', amount, currency: 'GBP', formatted });

describe('a GBP cart', () => {
  it('prices lines, coupon, shipping and thresholds in GBP, through to the order', async () => {
    const cart = await newCart('demo', {
      currency: 'GBP',
      locale: 'en_GB',
      lineItems: [{ productId: 'espresso-beans', quantity: 2 }],
    });
    const created = cart.response.body;
    expect(created.currencyId).toBe('GBP');
    expect(created.lineItemContainer.productLineItems[0].singleItemPrice).toEqual(gbp(12.79, '£12.79'));
    expect(created.minimumCart).toMatchObject({ status: true, amount: gbp(5, '£5.00') });
    expect(created.potentialBasketDiscounts).toEqual([
      { absolute: gbp(8.5, '£8.50'), minimumAmount: gbp(85, '£85.00'), percent: null },
    ]);
    // 25.58 is below the £45.00 of free shipping.
    expect(created.cartValidation.possibleShippingMethods).not.toContain('Free standard delivery');

    // TENOFF's GBP minimum is £25.00: 25.58 reaches it (EUR's 30.00 would not).
    const coupon = await cart.call('/coupon', { method: 'POST', body: { code: 'TENOFF' } });
    expect(coupon.status).toBe(200);
    expect(coupon.body.lineItemContainer.couponLineItem).toMatchObject({
      code: 'TENOFF',
      lineItemPrice: { amount: -8.5, currency: 'GBP' },
      validationErrors: [],
    });

    const added = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: 'titanium-mug', quantity: 1 },
    });
    expect(added.status).toBe(201);
    expect(added.body.lineItemContainer.lineItemsSubTotal).toEqual(gbp(49.57, '£49.57'));
    expect(added.body.cartValidation.possibleShippingMethods).toContain('Free standard delivery');

    const shipping = await cart.call('/shipping-data', { method: 'PUT', body: { id: 'dhl-standard' } });
    expect(shipping.body.lineItemContainer.shippingPrice).toEqual(gbp(4.19, '£4.19'));
    // 49.57 − 8.50 + 4.19; no basket discount below £85.00.
    expect(shipping.body.lineItemContainer.grandTotal).toEqual(gbp(45.26, '£45.26'));
    expect(shipping.body.lineItemContainer.basketDiscount).toEqual({ links: [] });

    expect((await cart.call('/billing-address', { method: 'PUT', body: BILLING })).status).toBe(200);
    const order = await cart.call('/order', { method: 'POST' });

    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ currencyId: 'GBP', locale: 'en_GB', grandTotal: '45.26' });
    expect(order.body.lineItemContainer.grandTotal).toEqual(gbp(45.26, '£45.26'));
    expect(order.body.lineItemContainer.couponLineItem.lineItemPrice.amount).toBe(-8.5);
  });

  it('applies the GBP basket discount from £85.00', async () => {
    const cart = await newCart('demo', {
      currency: 'GBP',
      lineItems: [{ productId: 'espresso-beans', quantity: 7 }], // 7 × 12.79 = 89.53
    });

    expect(cart.response.body.lineItemContainer.basketDiscount).toMatchObject({
      lineItemPrice: gbp(-8.5, expect.stringContaining('£8.50')),
    });
    expect(cart.response.body.lineItemContainer.grandTotal).toEqual(gbp(81.03, '£81.03'));
  });

  it('is 400 in a currency the shop does not sell', async () => {
    const response = await call('/demo/carts', { method: 'POST', body: { currency: 'USD' } });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'currency', message: 'Shop does not sell in USD' }]);
  });
});

describe('GBP product prices', () => {
  it('lists products with their GBP prices and sorts by them', async () => {
    const some = await call('/demo/products?currency=GBP&id=espresso-beans&id=rain-jacket');
    const sorted = await call('/demo/products?currency=GBP&sort=price&resultsPerPage=100');

    expect(some.status).toBe(200);
    expect(some.body.items.map((p: any) => [p.priceInfo.price, p.priceInfo.manufacturerPrice])).toEqual([
      [gbp(12.79, '£12.79'), null],
      [gbp(136.75, '£136.75'), gbp(153.95, '£153.95')],
    ]);
    const amounts = sorted.body.items.map((p: any) => p.priceInfo.price?.amount);
    expect(sorted.body.items.every((p: any) => p.priceInfo.price.currency === 'GBP')).toBe(true);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('searches and filters the ListPrice facet in GBP', async () => {
    // £10.00–£13.00 holds the espresso beans at £12.79 (€14.90 in EUR, outside the range).
    const response = await call('/demo/search/products?currency=GBP&resultsPerPage=100', {
      method: 'POST',
      body: { attributeFilters: [{ fieldName: 'ListPrice', attributeRange: { min: 10, max: 13 } }] },
    });

    expect(response.status).toBe(200);
    const items = response.body.items as any[];
    expect(items.map((p) => p.productId)).toContain('espresso-beans');
    expect(items.every((p) => p.priceInfo.price.currency === 'GBP')).toBe(true);
    expect(items.every((p) => p.priceInfo.price.amount >= 10 && p.priceInfo.price.amount <= 13)).toBe(true);
    const listPrice = response.body.facets.find((f: any) => f.attributeName === 'ListPrice');
    expect(listPrice.values.length).toBeGreaterThan(1);
    expect(listPrice.values.every((v: any) => /^£\d+\.\d\d – £\d+\.\d\d$/.test(v.name))).toBe(true);
    expect(listPrice.values.filter((v: any) => v.selectedRange).map((v: any) => v.name)).toEqual([
      '£10.00 – £13.00',
    ]);
  });

  it('lists shipping methods with their GBP prices', async () => {
    const pounds = await call('/demo/shipping-methods?currency=GBP');
    const euros = await call('/demo/shipping-methods');

    const price = (response: typeof pounds, id: string) =>
      response.body.find((m: any) => m.shippingMethodId === id).price;
    expect(price(pounds, 'dhl-standard')).toEqual(gbp(4.19, '£4.19'));
    expect(price(euros, 'dhl-standard')).toMatchObject({ amount: 4.9, currency: 'EUR' });
  });

  it.each([
    ['GET', '/demo/products?currency=USD'],
    ['GET', '/demo/products/espresso-beans?currency=USD'],
    ['POST', '/demo/search/products?currency=USD'],
    ['GET', '/demo/shipping-methods?currency=USD'],
  ])('%s %s is 400', async (method, path) => {
    const response = await call(path, { method, body: method === 'POST' ? {} : undefined });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'currency', message: 'Shop does not sell in USD' }]);
  });
});

describe('an import file with single amounts (from before several currencies)', () => {
  let shop: string;
  beforeAll(async () => {
    // The demo shop as its file was: plain amounts, which are the default currency's (EUR) only.
    shop = await privateDemoShop(
      'single-amounts',
      (file): ShopFile => ({
        ...file,
        settings: { ...file.settings, minimumCartAmount: '5.00' },
        coupons: file.coupons.map((c) =>
          c.code === 'TENOFF' ? { ...c, value: '10.00', minimumSubtotal: '30.00' } : c,
        ),
        basketDiscounts: file.basketDiscounts.map((d) => ({ ...d, value: '10.00', minimumAmount: '100.00' })),
        shippingMethods: file.shippingMethods.map((m) =>
          m.minimumSubtotal === null ? m : { ...m, minimumSubtotal: '50.00' },
        ),
      }),
    );
  });

  const cartWithCoupon = async (currency: string) => {
    const cart = await newCart(shop, { currency, lineItems: [{ productId: 'espresso-beans', quantity: 4 }] });
    return (await cart.call('/coupon', { method: 'POST', body: { code: 'TENOFF' } })).body;
  };

  it('reads a plain amount as the default currency', async () => {
    const cart = await cartWithCoupon('EUR'); // 59.60

    expect(cart.lineItemContainer.couponLineItem.lineItemPrice.amount).toBe(-10);
    expect(cart.minimumCart.amount.amount).toBe(5);
    expect(cart.potentialBasketDiscounts).toMatchObject([
      { absolute: { amount: 10 }, minimumAmount: { amount: 100 } },
    ]);
    expect(cart.cartValidation.possibleShippingMethods).toContain('Free standard delivery');
  });

  it('applies no rule in another currency: no coupon discount, no basket discount, no minimum, no free shipping', async () => {
    const cart = await cartWithCoupon('GBP'); // 51.16

    expect(cart.lineItemContainer.couponLineItem).toMatchObject({
      lineItemPrice: { amount: 0, currency: 'GBP' },
      validationErrors: ['CurrencyNotSupported'],
    });
    expect(cart.potentialBasketDiscounts).toEqual([]);
    expect(cart.minimumCart).toMatchObject({ status: true, amount: null });
    expect(cart.cartValidation.possibleShippingMethods).not.toContain('Free standard delivery');
    expect(cart.lineItemContainer.grandTotal.amount).toBe(51.16);
  });
});
