import { describe, expect, it } from 'vitest';
import { parseJavaMajor } from '../../infra/local/dynamodb-local';
import { DEV_TOKEN_PLACEHOLDER, fillDevToken } from '../../infra/local/event-token';
import { formatPath, ImportValidationError } from '../../infra/local/import-problems';

describe('java -version parsing', () => {
  it('reads old and new version schemes', () => {
    expect(parseJavaMajor('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(parseJavaMajor('java version "1.8.0_392"')).toBe(8);
    expect(parseJavaMajor('openjdk version "21" 2023-09-19')).toBe(21);
    expect(parseJavaMajor('nonsense')).toBeUndefined();
  });
});

describe('import problem paths', () => {
  it('formats zod paths like products[3].prices.EUR.price', () => {
    expect(formatPath(['products', 3, 'prices', 'EUR', 'price'])).toBe('products[3].prices.EUR.price');
    expect(formatPath([])).toBe('(file)');
    expect(formatPath(['name', 'de-DE'])).toBe('name["de-DE"]');
  });

  it('lists every problem in the error message', () => {
    const error = new ImportValidationError('shop.json', [
      { path: 'settings.name', message: 'too short' },
      { path: 'products[0].sku', message: 'duplicate' },
    ]);
    expect(error.message).toContain('settings.name: too short');
    expect(error.message).toContain('products[0].sku: duplicate');
  });
});

describe('event token placeholder', () => {
  it('replaces Bearer {{DEV_TOKEN}} with a token for the event shop', () => {
    const event = {
      headers: { authorization: `Bearer ${DEV_TOKEN_PLACEHOLDER}` },
      pathParameters: { shopId: 'other' },
    };
    fillDevToken(event, (shop) => `token-for-${shop}`);
    expect(event.headers.authorization).toBe('Bearer token-for-other');
  });

  it('defaults to shop demo and leaves real tokens alone', () => {
    const event = { headers: { authorization: `Bearer ${DEV_TOKEN_PLACEHOLDER}` } };
    fillDevToken(event, (shop) => `token-for-${shop}`);
    expect(event.headers.authorization).toBe('Bearer token-for-demo');
    const real = { headers: { authorization: 'Bearer abc' } };
    fillDevToken(real, () => 'never');
    expect(real.headers.authorization).toBe('Bearer abc');
  });
});
