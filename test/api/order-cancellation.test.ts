import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * Cancellation (docs/orders.md "Cancellation, exactly once"): the first rejectedOn puts the order's tracked
 * stock back and, for an invoiced order, issues a credit note: each exactly once, also when PATCHes race.
 */

let shop: string;
beforeAll(async () => {
  shop = await privateDemoShop(
    'cancel',
    withStock({
      'dome-tent-2p': { stock: 50, shards: 4 },
      'gas-stove': { stock: 40 },
      'titanium-spork': { stock: null },
    }),
  );
});

/** An order of these lines (product → quantity) with the returning buyer's address. */
async function placeOrder(lines: Record<string, number>) {
  const cart = await newCart(shop, {
    lineItems: Object.entries(lines).map(([productId, quantity]) => ({ productId, quantity })),
  });
  await cart.call('/billing-address', { method: 'PUT', body: BILLING });
  const placed = await cart.call('/order', { method: 'POST' });
  if (placed.status !== 201) throw new Error(`checkout failed: ${placed.text}`);
  return placed.body;
}

const patch = (orderId: string, operations: unknown) =>
  call(`/${shop}/orders/${orderId}`, { method: 'PATCH', body: operations });
const reject = (orderId: string) => patch(orderId, [{ op: 'add', path: '/rejectedOn' }]);
/** The product's live stock (an empty PATCH reads its shards, strongly consistent). */
const stockOf = async (productId: string) =>
  (await call(`/${shop}/products/${productId}`, { method: 'PATCH', body: [] })).body.stocklevel;
const documentsOf = async (orderId: string) =>
  (await call(`/${shop}/orders/${orderId}/documents`)).body.items as {
    documentType: string;
    documentNumber: string;
  }[];

describe('rejecting an order', () => {
  it('puts its tracked stock back once; untracked products stay untracked', async () => {
    // Prepare
    const order = await placeOrder({ 'dome-tent-2p': 2, 'gas-stove': 1, 'titanium-spork': 3 });
    const [tents, stoves] = [await stockOf('dome-tent-2p'), await stockOf('gas-stove')];

    // Act
    const rejected = await reject(order.orderId);
    const afterwards = await patch(order.orderId, [
      { op: 'add', path: '/internalNote', value: 'refunded' },
      { op: 'add', path: '/archivedOn' },
    ]);

    // Assess
    expect(rejected.status).toBe(200);
    expect(rejected.body.rejectedOn).toMatch(/Z$/);
    expect(afterwards.status).toBe(200);
    expect(await stockOf('dome-tent-2p')).toBe(tents + 2);
    expect(await stockOf('gas-stove')).toBe(stoves + 1);
    expect(await stockOf('titanium-spork')).toBeNull();
    expect(await documentsOf(order.orderId)).toEqual([]);
  });

  it('issues a credit note numbered in the shop sequence when the order has an invoice', async () => {
    const order = await placeOrder({ 'gas-stove': 1 });
    const invoice = await call(`/${shop}/orders/${order.orderId}/documents`, {
      method: 'POST',
      body: { documentType: 'Invoice' },
    });

    const rejected = await reject(order.orderId);
    const documents = await documentsOf(order.orderId);
    const manual = await call(`/${shop}/orders/${order.orderId}/documents`, {
      method: 'POST',
      body: { documentType: 'CreditNote' },
    });

    expect(invoice.status).toBe(201);
    expect(rejected.status).toBe(200);
    expect(documents.map((d) => d.documentType)).toEqual(['Invoice', 'CreditNote']);
    expect(Number(documents[1]?.documentNumber)).toBeGreaterThan(Number(invoice.body.documentNumber));
    expect(manual.status).toBe(409);
    // The credit note is a change of the order too: the answer shows it (version and date).
    const read = await call(`/${shop}/orders/${order.orderId}`);
    expect(read.headers.get('etag')).toBe(rejected.headers.get('etag'));
    expect(read.body.lastUpdatedOnDate >= rejected.body.rejectedOn).toBe(true);
  });

  it('issues a credit note for an order marked invoiced by PATCH (no invoice document)', async () => {
    const order = await placeOrder({ 'gas-stove': 1 });
    await patch(order.orderId, [{ op: 'add', path: '/invoicedOn' }]);

    await reject(order.orderId);

    expect((await documentsOf(order.orderId)).map((d) => d.documentType)).toEqual(['CreditNote']);
  });

  it('refuses an invoice once the order is rejected (409): no invoice slips past the credit note', async () => {
    const order = await placeOrder({ 'gas-stove': 1 });
    await reject(order.orderId);

    const invoice = await call(`/${shop}/orders/${order.orderId}/documents`, {
      method: 'POST',
      body: { documentType: 'Invoice' },
    });

    expect(invoice.status).toBe(409);
    expect(invoice.body.message).toBe('The order is rejected: it takes no invoice');
  });
});

describe('races', () => {
  it('five concurrent rejections: one cancellation, stock back once, one credit note', async () => {
    const order = await placeOrder({ 'dome-tent-2p': 3 });
    await call(`/${shop}/orders/${order.orderId}/documents`, {
      method: 'POST',
      body: { documentType: 'Invoice' },
    });
    const before = await stockOf('dome-tent-2p');

    const answers = await Promise.all(Array.from({ length: 5 }, () => reject(order.orderId)));

    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.errors[0].rule).toBe('ORDER_FINAL');
    expect(await stockOf('dome-tent-2p')).toBe(before + 3);
    expect((await documentsOf(order.orderId)).map((d) => d.documentType)).toEqual(['Invoice', 'CreditNote']);
  });

  it('a PATCH racing a rejection: both apply (a note is allowed on a rejected order), stock back once', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await placeOrder({ 'gas-stove': 2 });
      const before = await stockOf('gas-stove');

      const [rejected, noted] = await Promise.all([
        reject(order.orderId),
        patch(order.orderId, [{ op: 'add', path: '/internalNote', value: `round ${round}` }]),
      ]);
      const read = await call(`/${shop}/orders/${order.orderId}`);

      expect([rejected.status, noted.status]).toEqual([200, 200]);
      expect(read.body).toMatchObject({
        internalNote: `round ${round}`,
        rejectedOn: rejected.body.rejectedOn,
      });
      expect(await stockOf('gas-stove')).toBe(before + 2);
    }
  });

  it('a payment racing a rejection: exactly one applies; stock back only if the rejection won', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await placeOrder({ 'gas-stove': 1 });
      await patch(order.orderId, [{ op: 'add', path: '/paidOn' }]);
      const before = await stockOf('gas-stove');

      const [rejected, dispatched] = await Promise.all([
        reject(order.orderId),
        patch(order.orderId, [{ op: 'add', path: '/dispatchedOn' }]),
      ]);

      expect([rejected.status, dispatched.status].sort()).toEqual([200, 409]);
      expect(await stockOf('gas-stove')).toBe(rejected.status === 200 ? before + 1 : before);
    }
  });
});
