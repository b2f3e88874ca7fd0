import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TIMESTAMPS } from '../../lib/domain/orders/order';
import { call, tokenFor } from '../support/api';
import { BILLING, orderableCart } from '../support/carts';
import { privateDemoShop } from '../support/shops';

/**
 * PATCH /orders/{o} (docs/orders.md "PATCH /orders/{o}"): paths, JSON Patch errors, ETag and the transition
 * rules.
 */

let shop: string;
beforeAll(async () => {
  shop = await privateDemoShop('orderpatch');
});

/** A fresh order of the shop (a cart of coffee with the returning buyer's address). */
async function placeOrder(options: { shippingMethod?: string } = {}) {
  const cart = await orderableCart(shop);
  if (options.shippingMethod)
    await cart.call('/shipping-data', { method: 'PUT', body: { id: options.shippingMethod } });
  const placed = await cart.call('/order', { method: 'POST' });
  if (placed.status !== 201) throw new Error(`checkout failed: ${placed.text}`);
  return placed.body;
}

function patch(orderId: string, operations: unknown, headers: Record<string, string> = {}) {
  return call(`/${shop}/orders/${orderId}`, {
    method: 'PATCH',
    rawBody: JSON.stringify(operations),
    contentType: 'application/json-patch+json',
    headers,
  });
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the order resource', () => {
  it('shows every status timestamp null, lastUpdatedOnDate = creationDate and an ETag', async () => {
    // Prepare
    const order = await placeOrder();

    // Act
    const read = await call(`/${shop}/orders/${order.orderId}`);
    const listed = await call(`/${shop}/orders?resultsPerPage=1`);

    // Assess
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"0"');
    for (const t of ORDER_TIMESTAMPS) expect(read.body[t]).toBeNull();
    expect(read.body).toMatchObject({ customerComment: null, internalNote: null });
    expect(read.body.lastUpdatedOnDate).toBe(read.body.creationDate);
    expect(listed.body.items[0]).toMatchObject({
      orderId: order.orderId,
      lastUpdatedOnDate: order.creationDate,
    });
  });
});

describe('PATCH /orders/{o}', () => {
  it('sets timestamps ("now", none, a given time in UTC), texts; 200 with the order and a new ETag', async () => {
    // Prepare
    const order = await placeOrder();
    const before = Date.now();

    // Act
    const patched = await patch(order.orderId, [
      { op: 'add', path: '/paidOn' },
      { op: 'add', path: '/viewedOn', value: 'now' },
      { op: 'add', path: '/pendingOn', value: '2026-03-01T12:30:00+02:00' },
      { op: 'add', path: '/internalNote', value: 'Bank transfer, ref 4471' },
      { op: 'add', path: '/customerComment', value: 'Please ring twice' },
    ]);
    const read = await call(`/${shop}/orders/${order.orderId}`);

    // Assess
    expect(patched.status).toBe(200);
    expect(patched.headers.get('etag')).toBe('"1"');
    expect(patched.body.paidOn).toMatch(ISO);
    expect(Date.parse(patched.body.paidOn)).toBeGreaterThanOrEqual(before - 1000);
    expect(patched.body.viewedOn).toBe(patched.body.paidOn);
    expect(patched.body.pendingOn).toBe('2026-03-01T10:30:00.000Z');
    expect(patched.body).toMatchObject({
      internalNote: 'Bank transfer, ref 4471',
      customerComment: 'Please ring twice',
    });
    expect(patched.body.lastUpdatedOnDate).toBe(patched.body.paidOn);
    expect(read.body).toEqual(patched.body);
    expect(read.headers.get('etag')).toBe('"1"');
  });

  it('remove unsets a timestamp and a text (null); add on a set timestamp moves it', async () => {
    const order = await placeOrder();
    await patch(order.orderId, [
      { op: 'add', path: '/paidOn', value: '2026-01-01T00:00:00Z' },
      { op: 'add', path: '/internalNote', value: 'x' },
    ]);

    const moved = await patch(order.orderId, [{ op: 'add', path: '/paidOn', value: '2026-01-02T00:00:00Z' }]);
    const removed = await patch(order.orderId, [
      { op: 'remove', path: '/paidOn' },
      { op: 'remove', path: '/internalNote' },
    ]);

    expect(moved.body.paidOn).toBe('2026-01-02T00:00:00.000Z');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ paidOn: null, internalNote: null });
    expect(removed.headers.get('etag')).toBe('"3"');
  });

  it('an empty patch is 200 and changes nothing (same ETag); so does setting what is there', async () => {
    const order = await placeOrder();
    await patch(order.orderId, [{ op: 'add', path: '/internalNote', value: 'same' }]);

    const empty = await patch(order.orderId, []);
    const same = await patch(order.orderId, [{ op: 'add', path: '/internalNote', value: 'same' }]);

    expect([empty.status, same.status]).toEqual([200, 200]);
    expect([empty.headers.get('etag'), same.headers.get('etag')]).toEqual(['"1"', '"1"']);
  });

  it("merges an address patch into the order's: fields sent set (null clears), fields not sent stay", async () => {
    const order = await placeOrder();
    const before = await call(`/${shop}/orders/${order.orderId}`);

    const patched = await patch(order.orderId, [
      {
        op: 'add',
        path: '/billingAddress',
        value: { firstName: 'Lena', lastName: 'Vogel', emailAddress: 'lena@example.com' },
      },
      { op: 'add', path: '/billingAddress', value: { company: null } },
      { op: 'add', path: '/shippingAddress', value: { country: 'CH', city: 'Basel' } },
    ]);

    expect(patched.status).toBe(200);
    expect(patched.body.billingAddress).toEqual({
      ...before.body.billingAddress,
      firstName: 'Lena',
      lastName: 'Vogel',
      emailAddress: 'lena@example.com',
      company: null,
    });
    expect(patched.body.billingAddress.country).toBe(before.body.billingAddress.country);
    expect(patched.body.shippingAddress).toMatchObject({ country: 'CH', city: 'Basel' });
  });

  it('400 for bad patches, naming the operation, and nothing changes', async () => {
    const order = await placeOrder();
    const cases: [unknown, string][] = [
      [{}, 'body'],
      ['add', 'body'],
      [null, 'body'],
      [[{ op: 'replace', path: '/paidOn', value: 'now' }], '[0].op'],
      [[{ op: 'test', path: '/paidOn', value: null }], '[0].op'],
      [[{ op: 'move', path: '/paidOn', from: '/viewedOn' }], '[0].op'],
      [[{ op: 'remove', path: '/billingAddress' }], '[0].op'],
      [[{ op: 'remove', path: '/orderNumber' }], '[0].op'],
      [[{ op: 'add', path: '/grandTotal', value: '1.00' }], '[0].path'],
      [[{ op: 'add', path: '/billingAddress/city', value: 'Bonn' }], '[0].path'],
      [[{ op: 'add', path: '/paidOn', value: 'yesterday' }], '[0].value'],
      [[{ op: 'add', path: '/paidOn', value: '2026-01-01T10:00:00' }], '[0].value'],
      [[{ op: 'add', path: '/internalNote' }], '[0].value'],
      [[{ op: 'add', path: '/internalNote', value: 42 }], '[0].value'],
      [[{ op: 'add', path: '/orderNumber', value: '' }], '[0].value'],
      [[{ op: 'add', path: '/shippingAddress', value: { country: null } }], '[0].value.country'],
      [[{ op: 'add', path: '/billingAddress', value: { emailAddress: null } }], '[0].value.emailAddress'],
      [
        [{ op: 'add', path: '/billingAddress', value: { emailAddress: 'not-an-address' } }],
        '[0].value.emailAddress',
      ],
      [[{ op: 'add', path: '/billingAddress', value: { country: 'germany' } }], '[0].value.country'],
    ];

    const answers = await Promise.all(cases.map(([body]) => patch(order.orderId, body)));
    const unknownField = await patch(order.orderId, [
      { op: 'add', path: '/paidOn' },
      { op: 'add', path: '/billingAddress', value: { ...BILLING, nickname: 'x' } },
    ]);
    const read = await call(`/${shop}/orders/${order.orderId}`);

    answers.forEach((answer, i) => {
      expect(answer.status, JSON.stringify(cases[i]?.[0])).toBe(400);
      const fields = (answer.body.errors ?? []).map((e: { field: string }) => e.field);
      if (cases[i]?.[1] === 'body') expect(answer.text).toContain('Request body must be a JSON Patch array');
      else expect(fields).toContain(cases[i]?.[1]);
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0].field).toMatch(/^\[1\]\.value/);
    expect(read.body.paidOn).toBeNull();
    expect(read.headers.get('etag')).toBe('"0"');
  });

  it('404 for an unknown order, 403 without orders_write', async () => {
    const order = await placeOrder();

    const unknown = await patch('01KAKQ9M3P7R2T6V1X5Z8B4D0F', [{ op: 'add', path: '/paidOn' }]);
    const readOnly = await call(`/${shop}/orders/${order.orderId}`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/paidOn' }],
      token: tokenFor(shop, ['orders_read']),
    });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: '404', message: 'Order not found' });
    expect(readOnly.status).toBe(403);
  });
});

describe('If-Match', () => {
  it('applies only at the current ETag (or *): 412 and nothing changed otherwise', async () => {
    const order = await placeOrder();
    const first = await patch(order.orderId, [{ op: 'add', path: '/viewedOn' }], { 'if-match': '"0"' });

    const stale = await patch(order.orderId, [{ op: 'add', path: '/paidOn' }], { 'if-match': '"0"' });
    const any = await patch(order.orderId, [{ op: 'add', path: '/pendingOn' }], { 'if-match': '*' });
    const current = await patch(order.orderId, [{ op: 'add', path: '/paidOn' }], { 'if-match': '"2"' });

    expect(first.status).toBe(200);
    expect(stale.status).toBe(412);
    expect(stale.body.status).toBe('412');
    expect(any.status).toBe(200);
    expect(current.status).toBe(200);
    expect(current.headers.get('etag')).toBe('"3"');
  });
});

describe('transition rules (409 naming the rule; nothing applied)', () => {
  const ruleOf = (answer: { status: number; body: any }) => [answer.status, answer.body.errors?.[0]?.rule];

  it('REJECT_AFTER_DISPATCH: no rejectedOn once dispatched or delivered; returnedOn is fine', async () => {
    const dispatched = await placeOrder();
    const delivered = await placeOrder();
    await patch(dispatched.orderId, [{ op: 'add', path: '/dispatchedOn' }]);
    await patch(delivered.orderId, [{ op: 'add', path: '/deliveredOn' }]);

    const refused = await patch(dispatched.orderId, [
      { op: 'add', path: '/internalNote', value: 'cancel' },
      { op: 'add', path: '/rejectedOn' },
    ]);
    const refusedToo = await patch(delivered.orderId, [{ op: 'add', path: '/rejectedOn' }]);
    const returned = await patch(delivered.orderId, [{ op: 'add', path: '/returnedOn' }]);
    const read = await call(`/${shop}/orders/${dispatched.orderId}`);

    expect(ruleOf(refused)).toEqual([409, 'REJECT_AFTER_DISPATCH']);
    expect(refused.body.errors).toEqual([
      { field: '/rejectedOn', message: expect.stringContaining('returnedOn'), rule: 'REJECT_AFTER_DISPATCH' },
    ]);
    expect(ruleOf(refusedToo)).toEqual([409, 'REJECT_AFTER_DISPATCH']);
    expect(returned.status).toBe(200);
    expect(read.body.internalNote).toBeNull();
  });

  it('ORDER_FINAL: a rejected or closed order changes only /archivedOn and /internalNote', async () => {
    const rejected = await placeOrder();
    const closed = await placeOrder();
    await patch(rejected.orderId, [{ op: 'add', path: '/rejectedOn' }]);
    await patch(closed.orderId, [
      { op: 'add', path: '/paidOn' },
      { op: 'add', path: '/deliveredOn' },
      { op: 'add', path: '/closedOn' },
    ]);

    const answers = await Promise.all([
      patch(rejected.orderId, [{ op: 'add', path: '/paidOn' }]),
      patch(rejected.orderId, [{ op: 'add', path: '/customerComment', value: 'x' }]),
      patch(rejected.orderId, [{ op: 'add', path: '/rejectedOn', value: '2026-01-01T00:00:00Z' }]),
      patch(closed.orderId, [{ op: 'remove', path: '/paidOn' }]),
      patch(closed.orderId, [{ op: 'add', path: '/orderNumber', value: 'R-closed' }]),
      patch(closed.orderId, [{ op: 'add', path: '/shippingAddress', value: { country: 'DE' } }]),
    ]);
    const allowed = await patch(rejected.orderId, [
      { op: 'add', path: '/internalNote', value: 'refunded' },
      { op: 'add', path: '/archivedOn' },
    ]);
    const allowedClosed = await patch(closed.orderId, [{ op: 'add', path: '/archivedOn' }]);

    for (const answer of answers) expect(ruleOf(answer)).toEqual([409, 'ORDER_FINAL']);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ internalNote: 'refunded', archivedOn: expect.stringMatching(ISO) });
    expect(allowedClosed.status).toBe(200);
  });

  it('CLOSE_REQUIREMENTS: closedOn needs paidOn, and deliveredOn when there is a shipping method', async () => {
    const shipped = await placeOrder({ shippingMethod: 'dhl-standard' });
    const pickup = await placeOrder();

    const unpaid = await patch(shipped.orderId, [{ op: 'add', path: '/closedOn' }]);
    const undelivered = await patch(shipped.orderId, [
      { op: 'add', path: '/paidOn' },
      { op: 'add', path: '/closedOn' },
    ]);
    const wrongOrder = await patch(shipped.orderId, [
      { op: 'add', path: '/closedOn' },
      { op: 'add', path: '/paidOn' },
      { op: 'add', path: '/deliveredOn' },
    ]);
    const inOrder = await patch(shipped.orderId, [
      { op: 'add', path: '/paidOn' },
      { op: 'add', path: '/deliveredOn' },
      { op: 'add', path: '/closedOn' },
    ]);
    const noShipping = await patch(pickup.orderId, [
      { op: 'add', path: '/paidOn' },
      { op: 'add', path: '/closedOn' },
    ]);

    expect(shipped.shippingData).not.toBeNull();
    expect(ruleOf(unpaid)).toEqual([409, 'CLOSE_REQUIREMENTS']);
    expect(ruleOf(undelivered)).toEqual([409, 'CLOSE_REQUIREMENTS']);
    expect(ruleOf(wrongOrder)).toEqual([409, 'CLOSE_REQUIREMENTS']);
    expect(inOrder.status).toBe(200);
    expect(inOrder.body.closedOn).toMatch(ISO);
    expect(noShipping.status, noShipping.text).toBe(200);
  });

  it('REJECT_IS_FINAL before ORDER_FINAL: removing rejectedOn names the more specific rule', async () => {
    const order = await placeOrder();
    await patch(order.orderId, [{ op: 'add', path: '/rejectedOn' }]);

    const removed = await patch(order.orderId, [{ op: 'remove', path: '/rejectedOn' }]);

    expect(ruleOf(removed)).toEqual([409, 'REJECT_IS_FINAL']);
    expect(removed.body.errors[0].field).toBe('/rejectedOn');
  });

  it('checks each operation against the state the earlier ones left', async () => {
    const order = await placeOrder();

    const dispatchThenReject = await patch(order.orderId, [
      { op: 'add', path: '/dispatchedOn' },
      { op: 'add', path: '/rejectedOn' },
    ]);
    const rejectThenDispatch = await patch(order.orderId, [
      { op: 'add', path: '/rejectedOn' },
      { op: 'add', path: '/dispatchedOn' },
    ]);
    const read = await call(`/${shop}/orders/${order.orderId}`);

    expect(ruleOf(dispatchThenReject)).toEqual([409, 'REJECT_AFTER_DISPATCH']);
    expect(ruleOf(rejectThenDispatch)).toEqual([409, 'ORDER_FINAL']);
    expect(read.body).toMatchObject({ dispatchedOn: null, rejectedOn: null });
  });

  it('of a concurrent "set dispatchedOn" and "set rejectedOn", exactly one succeeds', async () => {
    for (let round = 0; round < 4; round++) {
      const order = await placeOrder();

      const [dispatch, reject] = await Promise.all([
        patch(order.orderId, [{ op: 'add', path: '/dispatchedOn' }]),
        patch(order.orderId, [{ op: 'add', path: '/rejectedOn' }]),
      ]);
      const read = await call(`/${shop}/orders/${order.orderId}`);

      expect([dispatch.status, reject.status].sort()).toEqual([200, 409]);
      expect(Boolean(read.body.dispatchedOn) !== Boolean(read.body.rejectedOn)).toBe(true);
    }
  });
});

describe('order numbers', () => {
  it('takes a new unique number; 409 when another order has it; the old one is free again', async () => {
    const first = await placeOrder();
    const second = await placeOrder();
    const number = `R-${Date.now()}`;

    const renamed = await patch(first.orderId, [{ op: 'add', path: '/orderNumber', value: number }]);
    const taken = await patch(second.orderId, [{ op: 'add', path: '/orderNumber', value: number }]);
    const renamedAgain = await patch(first.orderId, [
      { op: 'add', path: '/orderNumber', value: `${number}-b` },
    ]);
    const freed = await patch(second.orderId, [{ op: 'add', path: '/orderNumber', value: number }]);

    expect(renamed.status).toBe(200);
    expect(renamed.body.orderNumber).toBe(number);
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([
      { field: '/orderNumber', message: `Order number ${number} is taken` },
    ]);
    expect(renamedAgain.status).toBe(200);
    expect(freed.status).toBe(200);
  });

  it("409 for another order's checkout number (and any number of digits only); its own comes back", async () => {
    const first = await placeOrder();
    const second = await placeOrder();

    const existing = await patch(second.orderId, [
      { op: 'add', path: '/orderNumber', value: first.orderNumber },
    ]);
    const future = await patch(second.orderId, [{ op: 'add', path: '/orderNumber', value: '99999999' }]);
    await patch(second.orderId, [{ op: 'add', path: '/orderNumber', value: `X-${second.orderNumber}` }]);
    const back = await patch(second.orderId, [
      { op: 'add', path: '/orderNumber', value: second.orderNumber },
    ]);

    expect(existing.status).toBe(409);
    expect(existing.body.errors[0].field).toBe('/orderNumber');
    expect(future.status).toBe(409);
    expect(back.status).toBe(200);
    expect(back.body.orderNumber).toBe(second.orderNumber);
  });

  it('two orders racing for one number: exactly one gets it', async () => {
    const [a, b] = await Promise.all([placeOrder(), placeOrder()]);
    const number = `RACE-${Date.now()}`;

    const answers = await Promise.all([
      patch(a.orderId, [{ op: 'add', path: '/orderNumber', value: number }]),
      patch(b.orderId, [{ op: 'add', path: '/orderNumber', value: number }]),
    ]);

    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
