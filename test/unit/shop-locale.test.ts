import { describe, expect, it } from 'vitest';
import { canonicalLocale, resolveLocale, writeLocale } from '../../lib/domain/shop-locale';

const shop = { defaultLocale: 'en_GB', locales: ['de_CH', 'en_GB', 'de_DE', 'fr_FR'] };

describe('canonicalLocale', () => {
  it('writes language lower-case and region upper-case, joined by "_"', () => {
    expect(canonicalLocale('fi_fi')).toBe('fi_FI');
    expect(canonicalLocale('DE-de')).toBe('de_DE');
    expect(canonicalLocale('De')).toBe('de');
  });

  it('is null for text that is no locale', () => {
    for (const text of ['german', 'de_', 'de_DEU', 'd', '', 'de DE', 'é_FR'])
      expect(canonicalLocale(text)).toBeNull();
  });
});

describe('resolveLocale', () => {
  it('takes an offered locale, else one of the same language, else the default', () => {
    expect(resolveLocale(shop, 'de_DE')).toBe('de_DE');
    expect(resolveLocale(shop, 'de_CH')).toBe('de_CH');
    expect(resolveLocale(shop, 'de_AT')).toBe('de_CH');
    expect(resolveLocale(shop, 'fr_BE')).toBe('fr_FR');
    expect(resolveLocale(shop, 'en_US')).toBe('en_GB');
    expect(resolveLocale(shop, 'it_IT')).toBe('en_GB');
    expect(resolveLocale(shop, undefined)).toBe('en_GB');
  });

  it('prefers the default locale among those of the requested language', () => {
    const german = { defaultLocale: 'de_DE', locales: ['de_AT', 'de_DE'] };

    expect(resolveLocale(german, 'de_CH')).toBe('de_DE');
    expect(resolveLocale(german, 'de')).toBe('de_DE');
  });
});

describe('writeLocale', () => {
  it('takes only an offered locale', () => {
    expect(writeLocale(shop, 'de_DE')).toEqual({ locale: 'de_DE' });
    expect(writeLocale(shop, undefined)).toEqual({ locale: 'en_GB' });
    expect(writeLocale(shop, 'de_AT')).toEqual({ problem: expect.stringContaining('de_AT') });
    expect(writeLocale(shop, 'de')).toEqual({ problem: expect.stringContaining('de') });
  });
});
