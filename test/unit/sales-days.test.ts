import { describe, expect, it } from 'vitest';
import { dayIndexOf, isTimeZone, MAX_SALES_DAYS, salesDays } from '../../lib/domain/orders/sales-days';
import { decomposeRange, joinSpans, periodStart } from '../../lib/domain/orders/sales-periods';

/** The days of a per-day sales report and the runs it reads (docs/orders.md "Sales per day"). */

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('salesDays', () => {
  it("cuts a range at Berlin's midnights, the day the clocks go back 25 hours long, the ends clipped", () => {
    // Act: 2026-10-25 is the last Sunday of October (CEST → CET at 03:00 local)
    const cut = salesDays(
      { after: at('2026-10-23T12:00:00Z'), before: at('2026-10-26T12:00:00Z') },
      'Europe/Berlin',
    );

    // Assess
    if (!('days' in cut)) throw new Error('no days');
    expect(cut.days.map((d) => [d.day, iso(d.after), iso(d.before)])).toEqual([
      ['2026-10-23', '2026-10-23T12:00:00.000Z', '2026-10-23T22:00:00.000Z'],
      ['2026-10-24', '2026-10-23T22:00:00.000Z', '2026-10-24T22:00:00.000Z'],
      ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
      ['2026-10-26', '2026-10-25T23:00:00.000Z', '2026-10-26T12:00:00.000Z'],
    ]);
  });

  it('takes UTC days as whole day periods: one run for them all', () => {
    // Act
    const cut = salesDays({ after: at('2026-11-01T00:00:00Z'), before: at('2026-12-01T00:00:00Z') }, 'UTC');
    if (!('days' in cut)) throw new Error('no days');
    const runs = joinSpans(cut.days.flatMap((d) => decomposeRange(d.after, d.before)));

    // Assess
    expect(cut.days).toHaveLength(30);
    expect(runs).toEqual([{ level: 'D', first: '2026-11-01', last: '2026-11-30' }]);
  });

  it("reads Berlin's 30 days as one run of hours, and Kolkata's half-hour offset as hours plus minutes at each midnight", () => {
    // Act
    const range = { after: at('2026-11-01T00:00:00Z'), before: at('2026-11-29T00:00:00Z') };
    const runsOf = (zone: string) => {
      const cut = salesDays(range, zone);
      if (!('days' in cut)) throw new Error('no days');
      return joinSpans(cut.days.flatMap((d) => decomposeRange(d.after, d.before)));
    };
    const berlin = runsOf('Europe/Berlin');
    const kolkata = runsOf('Asia/Kolkata');

    // Assess: the range itself starts and ends at UTC midnights, one hour off Berlin's
    expect(berlin).toEqual([{ level: 'h', first: '2026-11-01T00', last: '2026-11-28T23' }]);
    expect(kolkata.filter((r) => r.level === 'h').length).toBeLessThanOrEqual(29);
    expect(kolkata.length).toBeLessThanOrEqual(2 * 29 + 1);
  });

  it(`refuses more than ${MAX_SALES_DAYS} days, naming createdBefore`, () => {
    // Act
    const after = at('2026-01-01T00:00:00Z');
    const ok = salesDays({ after, before: after + MAX_SALES_DAYS * 86_400_000 }, 'Europe/Berlin');
    const tooMany = salesDays({ after, before: after + MAX_SALES_DAYS * 86_400_000 + 1 }, 'UTC');

    // Assess
    expect('days' in ok && ok.days.length).toBe(MAX_SALES_DAYS + 1);
    expect(tooMany).toEqual({ errors: [expect.objectContaining({ field: 'createdBefore' })] });
  });

  it('knows IANA zones and UTC, not made-up names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('dayIndexOf and periodStart', () => {
  it('finds the day a period begins in, and -1 outside the days', () => {
    // Prepare
    const cut = salesDays(
      { after: at('2026-11-27T00:00:00Z'), before: at('2026-11-29T00:00:00Z') },
      'Europe/Berlin',
    );
    if (!('days' in cut)) throw new Error('no days');

    // Act / Assess: 23:00 UTC on the 27th is the 28th in Berlin
    expect(periodStart('2026-11-27T23')).toBe(at('2026-11-27T23:00:00Z'));
    expect(periodStart('2026-11-27')).toBe(at('2026-11-27T00:00:00Z'));
    expect(periodStart('2026-11-27T23:44:05.123')).toBe(at('2026-11-27T23:44:05.123Z'));
    expect(cut.days[dayIndexOf(cut.days, periodStart('2026-11-27T23'))]?.day).toBe('2026-11-28');
    expect(cut.days[dayIndexOf(cut.days, periodStart('2026-11-27T22'))]?.day).toBe('2026-11-27');
    expect(dayIndexOf(cut.days, at('2026-11-29T00:00:00Z'))).toBe(-1);
  });
});
