import { readFileSync } from 'node:fs';
import type { AttributeValue, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { SALES_STREAM } from '../../functions/orders/sales-stream-filter';
import { passesFilters } from '../../infra/local/stream/event-pattern';
import { salesChangeOf } from '../../lib/data/orders/sales-stream';
import { salesParts } from '../../lib/data/orders/sales-writes';
import type { OrderLine, OrderRecord } from '../../lib/domain/orders/order';
import { salesContribution } from '../../lib/domain/orders/sales-contribution';
import { decomposeRange, SALES_LEVELS, type SalesSpan } from '../../lib/domain/orders/sales-periods';
import { salesRange } from '../../lib/domain/orders/sales-range';
import { salesPerCurrency } from '../../lib/domain/orders/sales-report';

/** The pure parts of GET /sales (docs/orders.md "Sales figures"): ranges, periods, contributions, rounding. */

const at = (iso: string) => Date.parse(iso);
const SUFFIX = { f: 'Z', s: 'Z', m: 'Z', h: ':00Z', D: 'T00:00Z' } as const;
/** The [start, end) in epoch ms a run of periods covers. */
function covered(span: SalesSpan): [number, number] {
  const level = SALES_LEVELS.find((l) => l.level === span.level);
  if (!level) throw new Error(span.level);
  return [at(span.first + SUFFIX[span.level]), at(span.last + SUFFIX[span.level]) + level.ms];
}

describe('decomposeRange', () => {
  it('cuts a year between odd instants into runs from milliseconds to days: at most 9, each level at most twice', () => {
    // Act
    const spans = decomposeRange(at('2025-03-10T10:20:30.400Z'), at('2026-03-09T05:06:07.890Z'));

    // Assess
    expect(spans).toEqual([
      { level: 'f', first: '2025-03-10T10:20:30.400', last: '2025-03-10T10:20:30.999' },
      { level: 's', first: '2025-03-10T10:20:31', last: '2025-03-10T10:20:59' },
      { level: 'm', first: '2025-03-10T10:21', last: '2025-03-10T10:59' },
      { level: 'h', first: '2025-03-10T11', last: '2025-03-10T23' },
      { level: 'D', first: '2025-03-11', last: '2026-03-08' },
      { level: 'h', first: '2026-03-09T00', last: '2026-03-09T04' },
      { level: 'm', first: '2026-03-09T05:00', last: '2026-03-09T05:05' },
      { level: 's', first: '2026-03-09T05:06:00', last: '2026-03-09T05:06:06' },
      { level: 'f', first: '2026-03-09T05:06:07.000', last: '2026-03-09T05:06:07.889' },
    ]);
  });

  it('reads only days for whole days, and one run for a range inside an hour', () => {
    expect(decomposeRange(at('2026-01-01T00:00:00Z'), at('2026-02-01T00:00:00Z'))).toEqual([
      { level: 'D', first: '2026-01-01', last: '2026-01-31' },
    ]);
    expect(decomposeRange(at('2026-01-01T10:05:00Z'), at('2026-01-01T10:07:00Z'))).toEqual([
      { level: 'm', first: '2026-01-01T10:05', last: '2026-01-01T10:06' },
    ]);
    expect(decomposeRange(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'))).toEqual([]);
  });

  it('covers [after, before) exactly, without gaps or overlaps, for any range', () => {
    const year = 366 * 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z') }),
        fc.integer({ min: 0, max: year }),
        (after, length) => {
          const spans = decomposeRange(after, after + length);
          let next = after;
          for (const span of spans) {
            const [start, end] = covered(span);
            expect(start).toBe(next);
            expect(end).toBeGreaterThan(start);
            next = end;
          }
          expect(next).toBe(length === 0 ? after : after + length);
          expect(spans.length).toBeLessThanOrEqual(9);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('salesRange', () => {
  const now = at('2026-11-25T12:00:00.000Z');
  const day = 86_400_000;

  it('none: the 30 days up to now, rounded up to the whole second', () => {
    expect(salesRange({}, now + 1)).toEqual({ range: { after: now + 1000 - 30 * day, before: now + 1000 } });
  });

  it.each([
    ['none: the 30 days up to now', {}, now - 30 * day, now],
    [
      'only createdAfter: 30 days from it',
      { createdAfter: '2026-01-01T00:00:00.000Z' },
      at('2026-01-01T00:00:00Z'),
      at('2026-01-31T00:00:00Z'),
    ],
    [
      'only createdBefore: the 30 days before it',
      { createdBefore: '2026-03-01T00:00:00.000Z' },
      at('2026-01-30T00:00:00Z'),
      at('2026-03-01T00:00:00Z'),
    ],
    [
      'both, exactly a year apart',
      { createdAfter: '2025-02-01T00:00:00.000Z', createdBefore: '2026-02-01T00:00:00.000Z' },
      at('2025-02-01T00:00:00Z'),
      at('2026-02-01T00:00:00Z'),
    ],
  ])('%s', (_, query, after, before) => {
    expect(salesRange(query, now)).toEqual({ range: { after, before } });
  });

  it('refuses an out-of-order range naming createdAfter, and more than a year naming createdBefore', () => {
    expect(
      salesRange(
        { createdAfter: '2026-02-01T00:00:00.000Z', createdBefore: '2026-01-01T00:00:00.000Z' },
        now,
      ),
    ).toEqual({ errors: [expect.objectContaining({ field: 'createdAfter' })] });
    expect(
      salesRange(
        { createdAfter: '2025-02-01T00:00:00.000Z', createdBefore: '2026-02-01T00:00:00.001Z' },
        now,
      ),
    ).toEqual({ errors: [expect.objectContaining({ field: 'createdBefore' })] });
  });
});

describe('salesPerCurrency', () => {
  it("rounds to each currency's minor unit, sorts by currency, leaves out currencies without orders", () => {
    // Prepare
    const sums = new Map([
      ['JPY', { gross: 1520, net: 1382, orders: 2, units: 3000 }],
      ['EUR', { gross: 152040, net: 127765, orders: 38, units: 1250 }],
      ['BHD', { gross: 1005, net: 1, orders: 1, units: 750 }],
      ['GBP', { gross: 0, net: 0, orders: 0, units: 0 }],
    ]);

    // Act
    const entries = salesPerCurrency(sums, false);
    const withUnits = salesPerCurrency(sums, true);

    // Assess
    expect(entries).toEqual([
      { currency: 'BHD', totalGrossRevenue: 1.005, totalNetRevenue: 0.001, totalOrders: 1 },
      { currency: 'EUR', totalGrossRevenue: 1520.4, totalNetRevenue: 1277.65, totalOrders: 38 },
      { currency: 'JPY', totalGrossRevenue: 1520, totalNetRevenue: 1382, totalOrders: 2 },
    ]);
    expect(withUnits.map((e) => e.unitsSold)).toEqual([0.75, 1.25, 3]);
  });
});

const line = (productId: string, amount: number, quantity: number, taxPercentage = '19'): OrderLine => ({
  lineItemId: `${productId}-${amount}`,
  productId,
  sku: productId,
  name: productId,
  variationString: null,
  quantity,
  unit: 'piece',
  unitPrice: amount,
  amount,
  taxClassId: 'standard',
  taxPercentage,
});

function order(lines: OrderLine[], extra: Partial<OrderRecord> = {}): OrderRecord {
  return {
    shopId: 'demo',
    orderId: 'o1',
    currency: 'EUR',
    taxModel: 'GROSS',
    createdAt: '2026-11-25T23:44:05.123Z',
    lines,
    totals: { grandTotal: 5000, totalBeforeTax: 4300 },
    timestamps: { rejectedOn: null },
    ...extra,
  } as unknown as OrderRecord;
}

describe('salesContribution', () => {
  it("adds the order's totals, and per product its lines' gross, net (the tax rounding), one order and the units", () => {
    // Act
    const placed = salesContribution(
      order([line('b', 1190, 1), line('a', 2093, 0.75, '7'), line('b', 1190, 1.5)]),
      1,
    );
    const rejected = salesContribution(order([line('b', 1190, 1)]), -1);

    // Assess
    expect(placed.shop).toEqual({ gross: 5000, net: 4300, orders: 1 });
    expect(placed.products).toEqual([
      ['a', { gross: 2093, net: 1956, orders: 1, units: 750 }],
      ['b', { gross: 2380, net: 2000, orders: 1, units: 2500 }],
    ]);
    expect(rejected.shop).toEqual({ gross: -5000, net: -4300, orders: -1 });
    expect(rejected.products).toEqual([['b', { gross: -1190, net: -1000, orders: -1, units: -1000 }]]);
  });

  it('splits an order of many products into parts of at most 100 items with their marker', () => {
    // Prepare
    const many = order(Array.from({ length: 40 }, (_, i) => line(`p${String(i).padStart(2, '0')}`, 100, 1)));

    // Act
    const parts = salesParts({
      shopId: 'demo',
      orderId: 'o1',
      change: 'PLACED',
      contribution: salesContribution(many, 1),
    });

    // Assess: 5 shop items + 40 × 5 product items = 205 over 3 parts, each with its own marker
    expect(parts.map((p) => p.adds.length)).toEqual([99, 99, 7]);
    expect(parts.map((p) => p.marker.sk)).toEqual(['SALES#PLACED#0', 'SALES#PLACED#1', 'SALES#PLACED#2']);
    expect(parts[0]?.adds[0]?.key).toEqual({ pk: 'SHOP#demo#SALES', sk: 'f#2026-11-25T23:44:05.123' });
  });
});

describe('the sales stream filter', () => {
  const sample = (name: string): DynamoDBRecord[] =>
    (
      JSON.parse(
        readFileSync(new URL(`../../events/streams/${name}.json`, import.meta.url), 'utf8'),
      ) as DynamoDBStreamEvent
    ).Records;
  const placed = sample('order-placed');
  const updates = sample('order-updated');
  const image = (sk: string): Record<string, AttributeValue> => ({
    pk: { S: 'SHOP#demo#ORDER#o1' },
    sk: { S: sk },
  });

  it('passes orders placed and the one change that rejects an order, nothing else', () => {
    // Assess: the sample's records are a counter, a cart, an order INSERT; PATCHes (paidOn, a note), a
    // rejection, and a later change of a rejected order
    expect(placed.map((r) => passesFilters(SALES_STREAM.filters, r))).toEqual([false, false, true]);
    expect(updates.map((r) => passesFilters(SALES_STREAM.filters, r))).toEqual([false, false, true, false]);
  });

  it("never passes the tally's own markers and totals, to itself or to the events consumer", () => {
    // Prepare
    const writes = [
      image('SALES#PLACED#0'),
      { pk: { S: 'SHOP#demo#SALES' }, sk: { S: 'D#2026-11-25' }, 'g#EUR': { N: '5' } },
    ];
    const records = writes.flatMap((NewImage) =>
      (['INSERT', 'MODIFY'] as const).map((eventName) => ({
        eventName,
        dynamodb: { NewImage, OldImage: NewImage },
      })),
    );

    // Assess
    for (const record of records) {
      expect(passesFilters(SALES_STREAM.filters, record)).toBe(false);
      expect(passesFilters(PUBLISHER_STREAM.filters, record)).toBe(false);
    }
  });

  it('reads a rejection as −1 and a placement as +1', () => {
    // Prepare
    const withLines = (record: DynamoDBRecord): DynamoDBRecord => {
      const copy = structuredClone(record);
      const data = copy.dynamodb?.NewImage?.data?.M as Record<string, AttributeValue>;
      data.lines = { L: [] };
      return copy;
    };

    // Act
    const rejection = salesChangeOf(withLines(updates[2] as DynamoDBRecord));
    const placement = salesChangeOf(withLines(placed[2] as DynamoDBRecord));

    // Assess
    expect(rejection).toMatchObject({
      change: 'REJECTED',
      contribution: { shop: { orders: -1, gross: -3470 } },
    });
    expect(placement).toMatchObject({
      change: 'PLACED',
      contribution: { shop: { orders: 1, gross: 3470, net: 3243 }, currency: 'EUR' },
    });
    expect(salesChangeOf(withLines(updates[0] as DynamoDBRecord))).toBeUndefined();
    expect(salesChangeOf(withLines(updates[3] as DynamoDBRecord))).toBeUndefined();
  });
});
