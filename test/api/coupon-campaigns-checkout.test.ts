import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, answered, call } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * Campaign codes at the cart and the checkout (docs/catalog.md "Coupon campaigns"): each type prices
 * exactly in the cart and its order, the window and the uses decide, and a use is taken exactly
 * once with the order, never past a limit however many checkouts race.
 */

let shop: string;
const campaigns = () => `/${shop}/coupon-campaigns`;
/** The 409 entry of a checkout whose coupon has no use left (docs/catalog.md "Coupon campaigns"). */
const NO_USE_LEFT = [
  { field: 'lineItemContainer.couponLineItem', message: expect.any(String), available: 0 },
];

/** A campaign with these fields (EUR, unique identifier) and these codes; its id. */
async function campaign(fields: Record<string, unknown>, codes: string[]): Promise<string> {
  const made = await call(campaigns(), {
    method: 'POST',
    body: { identifier: `c-${codes[0]}`, name: `Campaign ${codes[0]}`, currency: 'EUR', ...fields },
  });
  expect(made.status).toBe(201);
  for (const code of codes) {
    const put = await call(`${campaigns()}/${made.body.campaignId}/coupons`, {
      method: 'PUT',
      body: { code },
    });
    expect(put.status).toBe(204);
  }
  return made.body.campaignId;
}

/** A cart of these lines with a billing address and, when given, shipping by dhl-standard (4.90). */
async function orderable(lineItems: { productId: string; quantity: number }[], shipped = false) {
  const cart = await newCart(shop, { lineItems });
  const billing = await answered(() => cart.call('/billing-address', { method: 'PUT', body: BILLING }));
  expect(billing.status).toBe(200);
  if (shipped) {
    await cart.call('/shipping-address', {
      method: 'PUT',
      body: { firstName: 'Ida', lastName: 'B', country: 'DE' },
    });
    expect((await cart.call('/shipping-data', { method: 'PUT', body: { id: 'dhl-standard' } })).status).toBe(
      200,
    );
  }
  return cart;
}

const timesUsed = async (id: string) => (await call(`${campaigns()}/${id}`)).body.timesUsed as number;
const ordersOf = async () => (await call(`/${shop}/orders?resultsPerPage=1`)).body.results as number;
const beanies = (quantity: number) => [{ productId: 'merino-beanie', quantity }];

beforeAll(async () => {
  shop = await privateDemoShop('couponorders', withStock({ 'gas-stove': { stock: 30 } }));
});

describe('campaign codes price the cart and its order', () => {
  it.each([
    // 2 beanies 49.80, dhl-standard 4.90
    ['FIX 5.00', { name: 'FIX', amount: 5 }, 'FIX5', -5, 4.9, '49.70'],
    [
      'PERCENT 10 with free shipping',
      { name: 'PERCENT', amount: 10, waiveShippingCosts: true },
      'PCT10',
      -4.98,
      0,
      '44.82',
    ],
    ['SHIPPING', { name: 'SHIPPING' }, 'FREESHIP', 0, 0, '49.80'],
    ['FIX 12.34 above a 40.00 minimum', { name: 'FIX', amount: 12.34 }, 'FIX1234', -12.34, 4.9, '42.36'],
  ])('%s', async (_name, type, code, discount, shipping, grandTotal) => {
    // Prepare
    const id = await campaign({ type, minimumOrderValue: code === 'FIX1234' ? 40 : 0 }, [code]);
    const cart = await orderable(beanies(2), true);

    // Act
    const added = await cart.call('/coupon', { method: 'POST', body: { code: code.toLowerCase() } });
    const order = await cart.call('/order', { method: 'POST' });

    // Assess
    const container = added.body.lineItemContainer;
    expect(added.status).toBe(200);
    expect(container.couponLineItem).toMatchObject({
      code,
      lineItemPrice: { amount: discount },
      validationErrors: [],
    });
    expect(container.shippingPrice.amount).toBe(shipping);
    expect(container.grandTotal.amount).toBe(Number(grandTotal));
    expect(order.status).toBe(201);
    expect(order.body.grandTotal).toBe(grandTotal);
    expect(order.body.lineItemContainer.couponLineItem).toEqual(container.couponLineItem);
    expect(order.body.lineItemContainer.shippingPrice).toEqual(container.shippingPrice);
    expect(await timesUsed(id)).toBe(1);
  });

  it('keeps a code outside its window or below its minimum on the cart undiscounted; its checkout takes no use', async () => {
    // Prepare
    const past = await campaign(
      { type: { name: 'FIX', amount: 5 }, validFrom: '2020-01-01', validUntil: '2021-01-01', usesTotal: 1 },
      ['OLD5'],
    );
    const future = await campaign({ type: { name: 'FIX', amount: 5 }, validFrom: '2098-01-01' }, ['LATER5']);
    const minimum = await campaign({ type: { name: 'FIX', amount: 5 }, minimumOrderValue: 100 }, ['BIG5']);
    const carts = await Promise.all([orderable(beanies(1)), orderable(beanies(1)), orderable(beanies(1))]);

    // Act
    const added = await Promise.all(
      ['OLD5', 'LATER5', 'BIG5'].map((code, i) =>
        carts[i]?.call('/coupon', { method: 'POST', body: { code } }),
      ),
    );
    const orders = await Promise.all(carts.map((c) => c.call('/order', { method: 'POST' })));

    // Assess
    expect(added.map((a) => a?.body.lineItemContainer.couponLineItem.validationErrors)).toEqual([
      ['CouponExpired'],
      ['CouponNotYetValid'],
      ['LineItemsSubTotalTooSmall'],
    ]);
    expect(added.map((a) => a?.body.lineItemContainer.couponLineItem.lineItemPrice.amount)).toEqual([
      0, 0, 0,
    ]);
    expect(orders.map((o) => [o.status, o.body.grandTotal])).toEqual([
      [201, '24.90'],
      [201, '24.90'],
      [201, '24.90'],
    ]);
    expect([await timesUsed(past), await timesUsed(future), await timesUsed(minimum)]).toEqual([0, 0, 0]);
  });

  it('refuses a code with no use left at the cart (409, available 0) and at the checkout of a cart that held it', async () => {
    // Prepare: two carts take the one use's code; the first checkout uses it up
    const id = await campaign({ type: { name: 'PERCENT', amount: 10 }, usesPerCode: 1 }, ['ONCE']);
    const first = await orderable(beanies(1));
    const second = await orderable(beanies(1));
    await first.call('/coupon', { method: 'POST', body: { code: 'ONCE' } });
    await second.call('/coupon', { method: 'POST', body: { code: 'once' } });
    const used = await first.call('/order', { method: 'POST' });
    const orders = await ordersOf();

    // Act
    const late = await orderable(beanies(1));
    const refusedAdd = await late.call('/coupon', { method: 'POST', body: { code: 'ONCE' } });
    const refusedOrder = await second.call('/order', { method: 'POST' });
    const secondAfter = await second.call('');

    // Assess
    expect(used.status).toBe(201);
    expect(refusedAdd.status).toBe(409);
    expect(refusedAdd.body.errors).toEqual([{ field: 'code', message: expect.any(String), available: 0 }]);
    expect(refusedOrder.status).toBe(409);
    expect(refusedOrder.body.errors).toEqual(NO_USE_LEFT);
    expect(secondAfter.status).toBe(200);
    expect(await ordersOf()).toBe(orders);
    expect(await timesUsed(id)).toBe(1);
    expect((await call(`${campaigns()}/${id}/coupons`)).body.items).toEqual([{ code: 'ONCE', timesUsed: 1 }]);
  });

  it('refuses the checkout of a cart holding a code of a deleted campaign (409 on the coupon line)', async () => {
    // Prepare
    const id = await campaign({ type: { name: 'FIX', amount: 5 } }, ['DOOMED']);
    const cart = await orderable(beanies(1));
    await cart.call('/coupon', { method: 'POST', body: { code: 'DOOMED' } });
    await call(`${campaigns()}/${id}`, { method: 'DELETE' });

    // Act
    const shown = await cart.call('');
    const refused = await cart.call('/order', { method: 'POST' });
    const added = await (await orderable(beanies(1))).call('/coupon', {
      method: 'POST',
      body: { code: 'DOOMED' },
    });

    // Assess
    expect(shown.body.lineItemContainer.couponLineItem).toMatchObject({
      validationErrors: ['CouponNotFound'],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual(NO_USE_LEFT);
    expect(added.status).toBe(400);
  });
});

describe('racing checkouts never redeem more than allowed', () => {
  /** `count` carts of one gas stove (tracked) each, with the codes in turn, all checked out at once. */
  async function race(codes: string[], count: number) {
    const carts = await Promise.all(
      Array.from({ length: count }, () => orderable([{ productId: 'gas-stove', quantity: 1 }])),
    );
    await Promise.all(
      carts.map((c, i) => c.call('/coupon', { method: 'POST', body: { code: codes[i % codes.length] } })),
    );
    return Promise.all(carts.map((c) => c.call('/order', { method: 'POST' })));
  }
  /** Exactly `limit` orders and uses; every other checkout 409 with no use left on the coupon line. */
  async function expectWinners(
    answers: ApiResponse[],
    limit: number,
    campaignId: string,
    ordersBefore: number,
  ) {
    const counted: Record<number, number> = {};
    for (const a of answers) counted[a.status] = (counted[a.status] ?? 0) + 1;
    expect(counted).toEqual({ 201: limit, 409: answers.length - limit });
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.errors).toEqual(NO_USE_LEFT);
    expect(await timesUsed(campaignId)).toBe(limit);
    expect(await ordersOf()).toBe(ordersBefore + limit);
  }

  it('20 checkouts on a code of usesPerCode 3: 3 orders, 17 × 409 with available 0, and the losers take no stock', async () => {
    // Prepare
    const id = await campaign({ type: { name: 'FIX', amount: 1 }, usesPerCode: 3 }, ['RACE3']);
    const orders = await ordersOf();

    // Act
    const answers = await race(['RACE3'], 20);

    // Assess
    await expectWinners(answers, 3, id, orders);
    // 30 stoves, 3 sold: exactly 27 are left, so the losers took none.
    const rest = await orderable([{ productId: 'gas-stove', quantity: 27 }]);
    const oneMore = await orderable([{ productId: 'gas-stove', quantity: 1 }]);
    expect((await rest.call('/order', { method: 'POST' })).status).toBe(201);
    expect((await oneMore.call('/order', { method: 'POST' })).status).toBe(409);
  }, 60_000);

  it('20 checkouts over five codes of a campaign of usesTotal 4: 4 orders, 16 × 409', async () => {
    // Prepare
    await call(`/${shop}/products/gas-stove`, {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/stocklevel', value: 30 }],
    });
    const codes = ['T1', 'T2', 'T3', 'T4', 'T5'];
    const id = await campaign({ type: { name: 'PERCENT', amount: 5 }, usesTotal: 4 }, codes);
    const orders = await ordersOf();

    // Act
    const answers = await race(codes, 20);

    // Assess
    await expectWinners(answers, 4, id, orders);
  }, 60_000);
});
