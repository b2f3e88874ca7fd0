import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSalesTally } from '../../functions/orders/tally-sales';
import { orderItem } from '../../lib/data/orders/order-items';
import { getOrder } from '../../lib/data/orders/order-repository';
import { readSalesTotals } from '../../lib/data/orders/sales-reads';
import type { OrderRecord } from '../../lib/domain/orders/order';
import { decomposeRange } from '../../lib/domain/orders/sales-periods';
import { BILLING, newCart } from '../support/carts';
import { clearFaults, injectFaults } from '../support/faults';
import { privateDemoShop } from '../support/shops';
import { streamRecord } from '../support/stream-images';

/**
 * The sales tally counts each placement and rejection exactly once (docs/orders.md "Sales
 * figures"): the consumer handed the same batch twice, a batch failing halfway and retried, two
 * consumers on the same records at once. Orders are copies of one placed through the API, with
 * creation times in a past month of their own, handed to the consumer as stream records by the
 * test (the table never holds them, so the twin's own tally never sees them).
 */

const tally = createSalesTally();
let shop: string;
let template: OrderRecord;

beforeAll(async () => {
  shop = await privateDemoShop('salesonce');
  const cart = await newCart(shop, {
    lineItems: [
      { productId: 'espresso-beans', quantity: 2 },
      { productId: 'merino-beanie', quantity: 1 },
    ],
  });
  await cart.call('/billing-address', { method: 'PUT', body: BILLING });
  const placed = await cart.call('/order', { method: 'POST' });
  template = (await getOrder(shop, placed.body.orderId)) as OrderRecord;
});
afterEach(() => clearFaults());

/** `count` orders in the month starting at `month`, a few seconds apart (so they need several transactions). */
function ordersIn(month: string, count: number): OrderRecord[] {
  const start = Date.parse(`${month}-01T10:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => ({
    ...template,
    orderId: `${month.replace('-', '')}X${String(i).padStart(4, '0')}`,
    createdAt: new Date(start + i * 61_789).toISOString(),
  }));
}

const placements = (orders: readonly OrderRecord[]): DynamoDBStreamEvent => ({
  Records: orders.map((o) => streamRecord(orderItem(o, 1))),
});
const rejections = (orders: readonly OrderRecord[]): DynamoDBStreamEvent => ({
  Records: orders.map((o) =>
    streamRecord(
      orderItem({ ...o, timestamps: { ...o.timestamps, rejectedOn: '2026-01-01T00:00:00.000Z' } }, 1),
      orderItem(o, 1),
    ),
  ),
});

/** The month's figures: the shop's and the espresso's, in EUR. */
async function monthFigures(month: string) {
  const start = Date.parse(`${month}-01T00:00:00.000Z`);
  const spans = decomposeRange(start, start + 31 * 86_400_000);
  const [all, espresso] = await Promise.all([
    readSalesTotals(shop, undefined, spans),
    readSalesTotals(shop, 'espresso-beans', spans),
  ]);
  return { shop: all.get('EUR'), espresso: espresso.get('EUR') };
}

function figuresOf(count: number) {
  const espresso = template.lines.filter((l) => l.productId === 'espresso-beans');
  return {
    shop: {
      gross: count * template.totals.grandTotal,
      net: count * template.totals.totalBeforeTax,
      orders: count,
      units: 0,
    },
    espresso: expect.objectContaining({
      gross: count * espresso.reduce((s, l) => s + l.amount, 0),
      orders: count,
      units: count * 2000,
    }),
  };
}

describe('the sales tally, exactly once', () => {
  it('counts a batch handed over twice once', async () => {
    // Prepare
    const event = placements(ordersIn('2025-03', 30));

    // Act
    const first = await tally(event);
    const second = await tally(event);

    // Assess
    expect(first.batchItemFailures).toEqual([]);
    expect(second.batchItemFailures).toEqual([]);
    expect(await monthFigures('2025-03')).toEqual(figuresOf(30));
  });

  it('counts a batch that failed halfway and was retried once', async () => {
    // Prepare: every transaction after the first fails (throttled through all of the SDK's retries)
    const event = placements(ordersIn('2025-04', 30));
    injectFaults({ commands: ['TransactWriteItemsCommand'], times: Number.POSITIVE_INFINITY, skip: 1 });

    // Act
    const failed = await tally(event);
    clearFaults();
    const halfway = await monthFigures('2025-04');
    const retried = await tally(event);

    // Assess: the retry finds the first transaction's markers and adds only the rest
    expect(failed.batchItemFailures).toEqual([
      { itemIdentifier: event.Records[0]?.dynamodb?.SequenceNumber },
    ]);
    expect(halfway.shop?.orders).toBeGreaterThan(0);
    expect(halfway.shop?.orders).toBeLessThan(30);
    expect(retried.batchItemFailures).toEqual([]);
    expect(await monthFigures('2025-04')).toEqual(figuresOf(30));
  });

  it('counts records that two consumers handle at once once, placements and rejections alike', async () => {
    // Prepare
    const orders = ordersIn('2025-05', 30);
    const event = placements(orders);
    const overlap = { Records: event.Records.slice(10) };

    // Act: the whole batch twice over, from the 11th record, and each record twice in one batch, all at once
    const doubled = { Records: [...event.Records, ...event.Records] };
    const placed = await Promise.all([tally(event), tally(overlap), tally(event), tally(doubled)]);
    const rejected = await Promise.all([
      tally(rejections(orders.slice(0, 5))),
      tally(rejections(orders.slice(0, 5))),
    ]);

    // Assess
    expect([...placed, ...rejected].flatMap((r) => r.batchItemFailures)).toEqual([]);
    expect(await monthFigures('2025-05')).toEqual(figuresOf(25));
  });
});
