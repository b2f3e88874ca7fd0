import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BEGINNING, END, periodEnd, periodRuns, periodStart, periodsOf } from '../../lib/data/lists/periods';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Every period a run names, expanded: [start, end) in ms. */
function expand(run: ReturnType<typeof periodRuns>[number]): [number, number][] {
  const spans: [number, number][] = [];
  const pad = '0000-01-01T00:00:00.000Z';
  for (let at = Date.parse(run.first + pad.slice(run.first.length)); ; ) {
    const period = iso(at).slice(0, run.first.length);
    const next = nextOf(at, run.level);
    spans.push([at, next]);
    if (period === run.last) return spans;
    at = next;
  }
}

function nextOf(ms: number, level: string): number {
  const d = new Date(ms);
  if (level === 'Y') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else if (level === 'M') d.setUTCMonth(d.getUTCMonth() + 1);
  else if (level === 'D') d.setUTCDate(d.getUTCDate() + 1);
  else d.setUTCHours(d.getUTCHours() + 1);
  return d.getTime();
}

describe('periodRuns', () => {
  it('covers a hour-aligned range exactly, with at most two runs per level', () => {
    const hour = fc.integer({
      min: Date.parse('2019-01-01T00:00Z') / HOUR,
      max: Date.parse('2031-01-01T00:00Z') / HOUR,
    });
    fc.assert(
      fc.property(hour, hour, (a, b) => {
        const [from, to] = [Math.min(a, b) * HOUR, Math.max(a, b) * HOUR];
        const runs = periodRuns(from, to);
        const spans = runs.flatMap(expand);
        let at = from;
        for (const [start, end] of spans) {
          expect(start).toBe(at);
          at = end;
        }
        expect(at).toBe(to);
        for (const level of ['Y', 'M', 'D', 'h'])
          expect(runs.filter((r) => r.level === level).length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });

  it('names the periods by the prefixes of the times they hold', () => {
    const runs = periodRuns(Date.parse('2026-10-30T10:00Z'), Date.parse('2026-11-23T16:00Z'));

    expect(runs).toEqual([
      { level: 'h', first: '2026-10-30T10', last: '2026-10-30T23' },
      { level: 'D', first: '2026-10-31', last: '2026-11-22' },
      { level: 'h', first: '2026-11-23T00', last: '2026-11-23T15' },
    ]);
    const at = '2026-11-23T16:06:59.999Z';
    expect(periodsOf(at, Date.parse(at) + 47 * 3_600_000).map((p) => p.period)).toEqual([
      '2026',
      '2026-11',
      '2026-11-23',
      '2026-11-23T16',
      '2026-11-23T16:06',
    ]);
    // The minute is counted for the recent past only, and its counter expires after it.
    expect(periodsOf(at, Date.parse(at) + 49 * 3_600_000).map((p) => p.level)).toEqual(['Y', 'M', 'D', 'h']);
    expect(periodsOf(at, Date.parse(at)).at(-1)?.expiresAt).toBeGreaterThan(
      Date.parse(at) / 1000 + 48 * 3600,
    );
    expect(
      [periodStart('2026-11'), periodEnd('2026-11'), periodEnd('2026-12-31T23')].map((ms) =>
        new Date(ms).toISOString(),
      ),
    ).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });

  it('takes all time as one run of years', () => {
    expect(periodRuns(BEGINNING, END)).toEqual([{ level: 'Y', first: '0000', last: '9999' }]);
    expect(periodRuns(BEGINNING, Date.parse('2026-03-01T00:00Z'))).toEqual([
      { level: 'Y', first: '0000', last: '2025' },
      { level: 'M', first: '2026-01', last: '2026-02' },
    ]);
  });
});
