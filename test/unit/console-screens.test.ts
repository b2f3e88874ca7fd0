import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../console/src/format';
import { ordersQuery } from '../../console/src/orders/query';
import { availableActions, statusLabels, timeline } from '../../console/src/orders/status';
import { dayRanges, mapLimited, periodRanges, periodTotals, summarize } from '../../console/src/sales/days';

/** The console's pure logic behind its screens (docs/console.md "Screens"). */

describe('the home screen’s sales', () => {
  it('splits the last 30 days at local midnights, today last, each day half-open', () => {
    // Act
    const days = dayRanges(new Date(2026, 10, 28, 15, 30), 30);
    const periods = periodRanges(new Date(2026, 10, 28, 15, 30));

    // Assess
    expect(days).toHaveLength(30);
    expect(days[29]?.createdAfter).toBe(new Date(2026, 10, 28).toISOString());
    expect(days[29]?.createdBefore).toBe(new Date(2026, 10, 29).toISOString());
    expect(days[0]?.createdAfter).toBe(new Date(2026, 9, 30).toISOString());
    for (let i = 1; i < days.length; i++) expect(days[i]?.createdAfter).toBe(days[i - 1]?.createdBefore);
    expect(periods.week.createdAfter).toBe(new Date(2026, 10, 22).toISOString());
    expect(periods.month.createdAfter).toBe(days[0]?.createdAfter);
    expect(periods.month.createdBefore).toBe(days[29]?.createdBefore);
  });

  it('puts each currency’s figures side by side and its days in one series, zero where it sold nothing', () => {
    // Act
    const totals = periodTotals({
      today: [{ currency: 'EUR', gross: 10, orders: 1 }],
      week: [{ currency: 'EUR', gross: 30, orders: 3 }],
      month: [
        { currency: 'EUR', gross: 90, orders: 9 },
        { currency: 'CHF', gross: 5, orders: 1 },
      ],
    });
    const series = summarize([
      [{ currency: 'CHF', gross: 5, orders: 1 }],
      [],
      [{ currency: 'EUR', gross: 10, orders: 1 }],
    ]);

    // Assess
    expect(totals).toEqual([
      {
        currency: 'CHF',
        today: { gross: 0, orders: 0 },
        week: { gross: 0, orders: 0 },
        month: { gross: 5, orders: 1 },
      },
      {
        currency: 'EUR',
        today: { gross: 10, orders: 1 },
        week: { gross: 30, orders: 3 },
        month: { gross: 90, orders: 9 },
      },
    ]);
    expect(series).toEqual([
      { currency: 'CHF', perDay: [5, 0, 0] },
      { currency: 'EUR', perDay: [0, 0, 10] },
    ]);
  });

  it('runs at most the given number of calls at once and keeps their order', async () => {
    // Prepare
    let running = 0;
    let most = 0;

    // Act
    const results = await mapLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 8 - n));
      running--;
      return n * 10;
    });

    // Assess
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(most).toBe(3);
  });
});

describe('the orders screens', () => {
  it('sends only the filters GET /orders knows, typed, with a cursor before a page number', () => {
    // Act
    const query = ordersQuery(
      new URLSearchParams(
        'paidOn=false&dispatchedOn=maybe&currency=EUR&createdAfter=2026-11-01&cursor=abc&page=3&x=1',
      ),
    );
    const paged = ordersQuery(new URLSearchParams('page=2&lastUpdated=true&customerId=%20'));

    // Assess
    expect(query).toEqual({
      resultsPerPage: 20,
      paidOn: false,
      currency: 'EUR',
      createdAfter: '2026-11-01',
      cursor: 'abc',
    });
    expect(paged).toEqual({ resultsPerPage: 20, page: 2, lastUpdated: true });
  });

  it('labels an order by what the merchant decides on, and offers only the actions still open', () => {
    // Prepare
    const fresh = {};
    const paid = { paidOn: '2026-11-28T10:00:00Z' };
    const sent = { paidOn: '2026-11-28T10:00:00Z', dispatchedOn: '2026-11-28T09:00:00Z' };
    const rejected = { rejectedOn: '2026-11-28T11:00:00Z' };

    // Act / Assess
    expect(statusLabels(fresh)).toEqual(['unpaid']);
    expect(statusLabels(sent)).toEqual(['paidOn', 'dispatchedOn']);
    expect(statusLabels(rejected)).toEqual(['rejectedOn']);
    expect(availableActions(fresh)).toEqual(['paidOn', 'dispatchedOn', 'rejectedOn']);
    expect(availableActions(paid)).toEqual(['dispatchedOn', 'rejectedOn']);
    expect(availableActions(sent)).toEqual(['deliveredOn', 'returnedOn']);
    expect(availableActions({ ...sent, deliveredOn: '2026-11-29T09:00:00Z' })).toEqual([
      'returnedOn',
      'closedOn',
    ]);
    expect(availableActions({ ...rejected })).toEqual([]);
    expect(availableActions({ ...sent, closedOn: '2026-11-30T09:00:00Z' })).toEqual([]);
    expect(timeline(sent).map((s) => s.step)).toEqual(['dispatchedOn', 'paidOn']);
  });

  it('writes money in the locale’s own format', () => {
    // Intl puts a narrow no-break space before the euro sign in German.
    expect(formatMoney('1234.5', 'EUR', 'de-DE').replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatMoney(1234.5, 'EUR', 'en-GB')).toBe('€1,234.50');
  });
});
