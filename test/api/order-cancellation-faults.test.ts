import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finishCancellations } from '../../lib/use-cases/orders/finish-cancellations';
import { billedCart } from '../support/carts';
import { clearFaults, clearLostAnswers, holdCalls, injectFaults, loseAnswers } from '../support/faults';
import { ownServer } from '../support/own-server';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * A cancellation's stock comes back exactly once, and its credit note is issued once, whatever
 * fails between the rejection and its work: DynamoDB failing after the order write (the sweeper
 * or the next request finishes), an answer lost after the return was applied (the SDK's retry),
 * two returns in flight at once. This file runs its own server so the faults stay in this process.
 */
const api = ownServer();
let shop: string;

beforeAll(async () => {
  shop = await privateDemoShop('cancelfault', withStock({ 'dome-tent-2p': { stock: 40 } }));
});
afterEach(() => {
  clearFaults();
  clearLostAnswers();
});
async function tentOrder(quantity: number, invoiced = false) {
  const { checkout } = await billedCart(api, shop, [{ productId: 'dome-tent-2p', quantity }]);
  const order = (await checkout()).body;
  if (invoiced)
    await api(`/${shop}/orders/${order.orderId}/documents`, {
      method: 'POST',
      body: { documentType: 'Invoice' },
    });
  return order.orderId as string;
}

const patch = (orderId: string, operations: unknown) =>
  api(`/${shop}/orders/${orderId}`, { method: 'PATCH', body: operations });
const tents = async () =>
  (await api(`/${shop}/products/dome-tent-2p`, { method: 'PATCH', body: [] })).body.stocklevel as number;
const creditNotes = async (orderId: string) =>
  ((await api(`/${shop}/orders/${orderId}/documents`)).body.items as { documentType: string }[]).filter(
    (d) => d.documentType === 'CreditNote',
  ).length;

describe('cancellation under faults', () => {
  it('DynamoDB failing between the order write and the stock return: the sweeper returns it, once', async () => {
    // Prepare: the rejection's transaction goes through; every UpdateItem after it (the stock return) fails
    const orderId = await tentOrder(3, true);
    const before = await tents();
    const faults = injectFaults({ commands: ['UpdateItemCommand'], times: Number.POSITIVE_INFINITY });

    // Act
    const rejected = await patch(orderId, [{ op: 'add', path: '/rejectedOn' }]);
    clearFaults();
    const whilePending = await tents();
    const swept = await finishCancellations(shop, 0);
    const sweptAgain = await finishCancellations(shop, 0);
    const later = await patch(orderId, [{ op: 'add', path: '/internalNote', value: 'checked' }]);

    // Assess
    expect(faults.failed()).toBeGreaterThan(0);
    expect(rejected.status).toBe(200);
    expect(rejected.body.rejectedOn).not.toBeNull();
    expect(whilePending).toBe(before);
    expect(swept).toEqual({ finished: 1 });
    expect(sweptAgain).toEqual({ finished: 0 });
    expect(later.status).toBe(200);
    expect(await tents()).toBe(before + 3);
    expect(await creditNotes(orderId)).toBe(1);
  });

  it('the credit note failing after the stock return: the next request on the order finishes, stock not twice', async () => {
    // Prepare: the rejection's transaction passes, the credit note's (the next one) fails
    const orderId = await tentOrder(2, true);
    const before = await tents();
    injectFaults({ commands: ['TransactWriteItemsCommand'], times: Number.POSITIVE_INFINITY, skip: 1 });

    // Act
    const rejected = await patch(orderId, [{ op: 'add', path: '/rejectedOn' }]);
    clearFaults();
    const returnedOnce = await tents();
    const creditNotesWhilePending = await creditNotes(orderId);
    const next = await patch(orderId, [{ op: 'add', path: '/archivedOn' }]);

    // Assess
    expect(rejected.status).toBe(200);
    expect(returnedOnce).toBe(before + 2);
    expect(creditNotesWhilePending).toBe(0);
    expect(next.status).toBe(200);
    expect(await tents()).toBe(before + 2);
    expect(await creditNotes(orderId)).toBe(1);
    expect(await finishCancellations(shop, 0)).toEqual({ finished: 0 });
  });

  it("the stock return's answer lost after DynamoDB applied it: the SDK's retry finds the marker", async () => {
    const orderId = await tentOrder(4);
    const before = await tents();
    const lost = loseAnswers({ commands: ['UpdateItemCommand'], times: 1 });

    const rejected = await patch(orderId, [{ op: 'add', path: '/rejectedOn' }]);
    clearLostAnswers();

    expect(lost.lost()).toBe(1);
    expect(rejected.status).toBe(200);
    expect(await tents()).toBe(before + 4);
    expect(await finishCancellations(shop, 0)).toEqual({ finished: 0 });
  });

  it('two returns of one order in flight at once (the request and the sweeper): applied once', async () => {
    // Prepare: hold the request's stock return, let the sweeper start its own, then release both
    const orderId = await tentOrder(5);
    const before = await tents();
    const held = holdCalls(
      (command, input) =>
        command === 'UpdateItemCommand' &&
        String((input as { Key?: { pk?: string } }).Key?.pk).includes('#STOCK#'),
    );

    // Act
    const rejecting = patch(orderId, [{ op: 'add', path: '/rejectedOn' }]);
    await held.reached;
    const sweeping = finishCancellations(shop, 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    held.release();
    const [rejected, swept] = await Promise.all([rejecting, sweeping]);

    // Assess
    expect(rejected.status).toBe(200);
    expect(swept.finished).toBeLessThanOrEqual(1);
    expect(await tents()).toBe(before + 5);
    expect(await finishCancellations(shop, 0)).toEqual({ finished: 0 });
  });
});

describe('a PATCH whose answer was lost', () => {
  it('is 200 when the SDK retries a write DynamoDB had applied, also with If-Match; the order changes once', async () => {
    // Prepare: the first attempt's UpdateItem reaches DynamoDB, its answer does not; the SDK retries it
    const orderId = await tentOrder(1);
    const before = await api(`/${shop}/orders/${orderId}`);
    const etag = before.headers.get('etag') as string;
    const lost = loseAnswers({ commands: ['UpdateItemCommand'], times: 1 });

    // Act
    const patched = await api(`/${shop}/orders/${orderId}`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/internalNote', value: 'Bank transfer, ref 4471' }],
      headers: { 'if-match': etag },
    });
    clearLostAnswers();
    const after = await api(`/${shop}/orders/${orderId}`);

    // Assess
    expect(lost.lost()).toBe(1);
    expect(patched.status).toBe(200);
    expect(patched.body.internalNote).toBe('Bank transfer, ref 4471');
    expect(after.headers.get('etag')).toBe(patched.headers.get('etag'));
    expect(Number(JSON.parse(after.headers.get('etag') as string))).toBe(Number(JSON.parse(etag)) + 1);
  });
});
