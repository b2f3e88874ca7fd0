import { describe, expect, it } from 'vitest';
import {
  allocate,
  formatMoney,
  minorDigits,
  money,
  netFromGross,
  parseMoney,
  percentOf,
  sum,
  taxOnNet,
  toDecimalString,
} from '../../lib/domain/money/money';

/** Deterministic pseudo-random integers (mulberry32), so failures are reproducible. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (min: number, max: number): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(unit * (max - min + 1));
  };
}

describe('minorDigits', () => {
  it('reads the minor unit digits of a currency from Intl', () => {
    // Prepare
    const currencies = ['EUR', 'JPY', 'KWD'];

    // Act
    const digits = currencies.map((currency) => minorDigits(currency));

    // Assess
    expect(digits).toEqual([2, 0, 3]);
  });
});

describe('parseMoney', () => {
  it('parses decimal strings into minor units', () => {
    // Prepare
    const inputs = ['12.99', '12.9', '12', '0.01', '0012.50', ' 7.10 ', '12.990'];

    // Act
    const parsed = inputs.map((input) => parseMoney(input, 'EUR'));

    // Assess
    expect(parsed).toEqual([1299, 1290, 1200, 1, 1250, 710, 1299]);
  });

  it('parses JSON numbers through their shortest text, without float drift', () => {
    // Prepare
    const inputs = [12.99, 0.1, 19.9, 1.005e2, 0, 4.35];

    // Act
    const parsed = inputs.map((input) => parseMoney(input, 'EUR'));

    // Assess
    expect(parsed).toEqual([1299, 10, 1990, 10050, 0, 435]);
  });

  it('parses negative amounts, and negative zero as zero', () => {
    // Prepare
    const inputs: (string | number)[] = ['-0.50', '-12', -3.2, '-0.00', -0];

    // Act
    const parsed = inputs.map((input) => parseMoney(input, 'EUR'));

    // Assess
    expect(parsed).toEqual([-50, -1200, -320, 0, 0]);
    expect(Object.is(parsed[3], -0)).toBe(false);
    expect(Object.is(parsed[4], -0)).toBe(false);
  });

  it('refuses more fraction digits than the currency has with a RangeError', () => {
    // Prepare
    const tooPrecise: (string | number)[] = ['12.999', '0.001', 12.345, 0.1 + 0.2];

    // Act
    const attempts = tooPrecise.map((input) => () => parseMoney(input, 'EUR'));

    // Assess
    for (const attempt of attempts) expect(attempt).toThrow(RangeError);
  });

  it('uses zero minor digits for JPY', () => {
    // Prepare
    const currency = 'JPY';

    // Act
    const whole = parseMoney('1500', currency);
    const trailingZeros = parseMoney('1500.00', currency);
    const fraction = () => parseMoney('1500.5', currency);

    // Assess
    expect(whole).toBe(1500);
    expect(trailingZeros).toBe(1500);
    expect(fraction).toThrow(RangeError);
  });

  it('uses three minor digits for KWD', () => {
    // Prepare
    const currency = 'KWD';

    // Act
    const parsed = parseMoney('1.234', currency);

    // Assess
    expect(parsed).toBe(1234);
  });

  it('refuses text that is not a plain decimal', () => {
    // Prepare
    const bad = ['', 'abc', '12,99', '1e3', '.5', '5.', '+5', '--1', '1 2', 'NaN'];

    // Act
    const attempts = bad.map((input) => () => parseMoney(input, 'EUR'));

    // Assess
    for (const attempt of attempts) expect(attempt).toThrow(RangeError);
  });

  it('refuses non-finite numbers, exponent forms and unsafe amounts', () => {
    // Prepare
    const bad: (string | number)[] = [Number.NaN, Number.POSITIVE_INFINITY, 1e21, 1e-7, '90071992547409.92'];

    // Act
    const attempts = bad.map((input) => () => parseMoney(input, 'EUR'));

    // Assess
    for (const attempt of attempts) expect(attempt).toThrow(RangeError);
  });

  it('accepts the largest safe amount', () => {
    // Prepare
    const largest = '90071992547409.91';

    // Act
    const parsed = parseMoney(largest, 'EUR');

    // Assess
    expect(parsed).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('toDecimalString', () => {
  it('writes minor units as decimal text with the currency digits', () => {
    // Prepare
    const cases: [number, string, string][] = [
      [1299, 'EUR', '12.99'],
      [5, 'EUR', '0.05'],
      [0, 'EUR', '0.00'],
      [-50, 'EUR', '-0.50'],
      [-1299, 'EUR', '-12.99'],
      [1500, 'JPY', '1500'],
      [-7, 'JPY', '-7'],
      [1234, 'KWD', '1.234'],
    ];

    // Act
    const written = cases.map(([minor, currency]) => toDecimalString(minor, currency));

    // Assess
    expect(written).toEqual(cases.map(([, , text]) => text));
  });

  it('round-trips with parseMoney', () => {
    // Prepare
    const random = seeded(42);
    const amounts = Array.from({ length: 200 }, () => random(-1_000_000, 1_000_000));

    // Act
    const roundTripped = amounts.map((minor) => parseMoney(toDecimalString(minor, 'EUR'), 'EUR'));

    // Assess
    expect(roundTripped).toEqual(amounts);
  });
});

describe('formatMoney', () => {
  it('formats in en_GB with the symbol first', () => {
    // Prepare
    const minor = 1299;

    // Act
    const formatted = formatMoney(minor, 'EUR', 'en_GB');

    // Assess
    expect(formatted).toBe('€12.99');
  });

  it('formats in de_DE with a decimal comma and the symbol last', () => {
    // Prepare
    const expected = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(12.99);

    // Act
    const formatted = formatMoney(1299, 'EUR', 'de_DE');

    // Assess
    expect(formatted).toBe(expected);
    expect(formatted.replace(/\s/g, ' ')).toBe('12,99 €');
  });

  it('formats negative, large and zero-digit amounts exactly', () => {
    // Prepare
    const expectedYen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(1234);

    // Act
    const negative = formatMoney(-50, 'EUR', 'en_GB');
    const large = formatMoney(9_007_199_254_740_991, 'EUR', 'en_GB');
    const yen = formatMoney(1234, 'JPY', 'ja_JP');

    // Assess
    expect(negative).toBe('-€0.50');
    expect(large).toBe('€90,071,992,547,409.91');
    expect(yen).toBe(expectedYen);
  });

  it('keeps one formatter per locale and currency', () => {
    // Prepare
    const first = formatMoney(100, 'EUR', 'en_GB');

    // Act
    const otherLocale = formatMoney(100, 'EUR', 'de_DE');
    const again = formatMoney(100, 'EUR', 'en_GB');

    // Assess
    expect(again).toBe(first);
    expect(otherLocale).not.toBe(first);
  });
});

describe('money', () => {
  it('builds the Money object of the spec', () => {
    // Prepare
    const minor = 2635;

    // Act
    const value = money(minor, 'EUR', 'en_GB', 'GROSS');

    // Assess
    expect(value).toEqual({ taxType: 'GROSS', formatted: '€26.35', amount: 26.35, currency: 'EUR' });
  });
});

describe('netFromGross', () => {
  it('divides by 1 + rate and rounds to the minor unit', () => {
    // Prepare
    const cases: [number, string, number][] = [
      [1000, '19', 840],
      [119, '19', 100],
      [1190, '19', 1000],
      [1070, '7', 1000],
      [999, '7', 934],
      [1000, '0', 1000],
      [1000, '7.7', 929],
      [0, '19', 0],
    ];

    // Act
    const nets = cases.map(([gross, rate]) => netFromGross(gross, rate));

    // Assess
    expect(nets).toEqual(cases.map(([, , net]) => net));
  });

  it('rounds exact halves away from zero', () => {
    // Prepare: at 100 % the net is gross / 2, so odd amounts end in .5
    const rate = '100';

    // Act
    const halves = [1, 3, 5, -1, -3, -5].map((gross) => netFromGross(gross, rate));

    // Assess
    expect(halves).toEqual([1, 2, 3, -1, -2, -3]);
  });

  it('is symmetric for negative amounts', () => {
    // Prepare
    const grossAmounts = [1000, 119, 999, 1, 37];

    // Act
    const negated = grossAmounts.map((gross) => netFromGross(-gross, '19'));

    // Assess
    expect(negated).toEqual(grossAmounts.map((gross) => -netFromGross(gross, '19')));
  });

  it('refuses negative rates and rates with more than four decimals', () => {
    // Prepare
    const bad = ['-19', '7.12345', 'abc', ''];

    // Act
    const attempts = bad.map((rate) => () => netFromGross(100, rate));

    // Assess
    for (const attempt of attempts) expect(attempt).toThrow(RangeError);
  });
});

describe('percentOf and taxOnNet', () => {
  it('takes a percentage of an amount, rounding halves away from zero', () => {
    // Prepare
    const cases: [number, string, number][] = [
      [1000, '19', 190],
      [250, '19', 48], // 47.5
      [-250, '19', -48], // -47.5
      [50, '1', 1], // 0.5
      [49, '1', 0], // 0.49
      [1000, '7.7', 77],
      [1000, '0.0001', 0],
      [3000, '10', 300],
    ];

    // Act
    const results = cases.map(([minor, rate]) => percentOf(minor, rate));

    // Assess
    expect(results).toEqual(cases.map(([, , expected]) => expected));
  });

  it('computes the tax on a net amount like percentOf', () => {
    // Prepare
    const net = 1000;

    // Act
    const tax = taxOnNet(net, '19');

    // Assess
    expect(tax).toBe(190);
  });
});

describe('allocate', () => {
  it('splits in proportion to the weights', () => {
    // Prepare
    const weights = [1190, 1070];

    // Act
    const parts = allocate(500, weights);

    // Assess
    expect(parts).toEqual([263, 237]);
  });

  it('gives the leftover cents to the largest remainders', () => {
    // Prepare: 100 over [1, 2] is 33.33 and 66.67
    const weights = [1, 2];

    // Act
    const parts = allocate(100, weights);

    // Assess
    expect(parts).toEqual([33, 67]);
  });

  it('breaks ties between equal remainders by position', () => {
    // Prepare
    const weights = [1, 1, 1];

    // Act
    const parts = allocate(100, weights);

    // Assess
    expect(parts).toEqual([34, 33, 33]);
  });

  it('splits negative amounts with the same magnitudes, negated', () => {
    // Prepare
    const weights = [1, 1, 1];

    // Act
    const parts = allocate(-100, weights);

    // Assess
    expect(parts).toEqual([-34, -33, -33]);
  });

  it('puts everything on the first part when all weights are zero', () => {
    // Prepare
    const weights = [0, 0, 0];

    // Act
    const parts = allocate(7, weights);

    // Assess
    expect(parts).toEqual([7, 0, 0]);
  });

  it('gives nothing to zero weights', () => {
    // Prepare
    const weights = [0, 5, 0, 5];

    // Act
    const parts = allocate(11, weights);

    // Assess
    expect(parts).toEqual([0, 6, 0, 5]);
  });

  it('always adds up to the amount (seeded property loop)', () => {
    // Prepare
    const random = seeded(20260101);
    const failures: string[] = [];

    // Act
    for (let run = 0; run < 2000; run++) {
      const amount = random(-100_000, 100_000);
      const weights = Array.from({ length: random(1, 6) }, () => random(0, 50_000));
      const parts = allocate(amount, weights);
      const total = weights.reduce((a, b) => a + b, 0);
      const fair = weights.map((w) => (total === 0 ? 0 : (amount * w) / total));
      const offBy = parts.map((part, i) => Math.abs(part - (fair[i] as number)));
      if (sum(parts) !== amount || parts.length !== weights.length || offBy.some((d) => d >= 1 && total > 0))
        failures.push(JSON.stringify({ amount, weights, parts }));
    }

    // Assess
    expect(failures).toEqual([]);
  });
});

describe('sum', () => {
  it('adds amounts, zero for none', () => {
    // Prepare
    const amounts = [100, -30, 5];

    // Act
    const total = sum(amounts);
    const empty = sum([]);

    // Assess
    expect(total).toBe(75);
    expect(empty).toBe(0);
  });
});
