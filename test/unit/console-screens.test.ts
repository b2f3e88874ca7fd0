import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../console/src/format';
import { addressChanges, addressForm } from '../../console/src/orders/address-change';
import { pdfName } from '../../console/src/orders/pdf';
import { ordersQuery } from '../../console/src/orders/query';
import { availableActions, statusLabels, timeline } from '../../console/src/orders/status';
import { homeSales, salesQuery } from '../../console/src/sales/days';

/** The console's pure logic behind its screens (docs/console.md "Screens"). */

describe('the home screen’s sales', () => {
  it('asks for the last 30 local days up to the end of today, per day in the browser’s time zone', () => {
    // Act
    const query = salesQuery(new Date(2026, 10, 28, 15, 30), 'Europe/Berlin');

    // Assess
    expect(query).toEqual({
      createdAfter: new Date(2026, 9, 30).toISOString(),
      createdBefore: new Date(2026, 10, 29).toISOString(),
      perDay: true,
      timeZone: 'Europe/Berlin',
    });
  });

  it('takes today, 7 and 30 days and each currency’s chart from one answer, zero where a currency sold nothing', () => {
    // Prepare: 8 days, EUR on the first (outside the week), the third and the last; CHF on the last
    const entry = (currency: string, gross: number, orders: number) => ({
      currency,
      totalGrossRevenue: gross,
      totalOrders: orders,
    });
    const days = Array.from({ length: 8 }, (_, i) => ({
      day: `2026-11-${21 + i}`,
      salesPerCurrency: [] as ReturnType<typeof entry>[],
    }));
    days[0]?.salesPerCurrency.push(entry('EUR', 50, 5));
    days[2]?.salesPerCurrency.push(entry('EUR', 0.1, 1));
    days[7]?.salesPerCurrency.push(entry('CHF', 5, 1), entry('EUR', 0.2, 2));

    // Act
    const sales = homeSales({
      salesPerCurrency: [entry('CHF', 5, 1), entry('EUR', 50.3, 8)],
      salesPerDay: days,
    });

    // Assess
    expect(sales.days).toEqual(days.map((d) => d.day));
    expect(sales.totals).toEqual([
      {
        currency: 'CHF',
        today: { gross: 5, orders: 1 },
        week: { gross: 5, orders: 1 },
        month: { gross: 5, orders: 1 },
      },
      // 0.1 + 0.2 is 0.30000000000000004 in floating point: rounded back to the currency's decimals
      {
        currency: 'EUR',
        today: { gross: 0.2, orders: 2 },
        week: { gross: 0.3, orders: 3 },
        month: { gross: 50.3, orders: 8 },
      },
    ]);
    expect(sales.series).toEqual([
      { currency: 'CHF', perDay: [0, 0, 0, 0, 0, 0, 0, 5] },
      { currency: 'EUR', perDay: [50, 0, 0.1, 0, 0, 0, 0, 0.2] },
    ]);
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

describe('the order screen’s corrections and documents', () => {
  it('sends only the address fields changed, an emptied one as null, the country upper-cased', () => {
    // Prepare
    const before = addressForm({
      firstName: 'Anna',
      street: 'Hauptstraße 1',
      city: 'Berlin',
      country: 'DE',
      company: null,
    });

    // Act
    const changes = addressChanges(before, {
      ...before,
      city: ' Leipzig ',
      street: '',
      country: 'de',
      company: '',
    });

    // Assess
    expect(before.company).toBe('');
    expect(changes).toEqual({ city: 'Leipzig', street: null });
    expect(addressChanges(before, before)).toEqual({});
  });

  it('names a saved PDF by its kind and number', () => {
    expect(pdfName('Invoice', '12')).toBe('invoice-12.pdf');
    expect(pdfName('CreditNote', '13')).toBe('credit-note-13.pdf');
    expect(pdfName('Invoice', '../x')).toBe('invoice-___x.pdf');
  });
});
