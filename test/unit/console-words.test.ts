import { describe, expect, it } from 'vitest';
import { DE, EN, type MessageKey, message } from '../../console/src/messages';
import { refusalText } from '../../console/src/orders/refusal';

/** The console's two languages and how it words a refused order change (docs/console.md "Screens"). */

const english = (key: MessageKey, params?: Record<string, string | number>) => message('en', key, params);
const german = (key: MessageKey, params?: Record<string, string | number>) => message('de', key, params);

describe('the dictionaries', () => {
  it('say every English message in German too, with the same placeholders', () => {
    // Act
    const keys = Object.keys(EN) as MessageKey[];
    const missing = keys.filter((key) => DE[key] === undefined);
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const mismatched = keys.filter(
      (key) =>
        DE[key] !== undefined && placeholders(DE[key] as string).join() !== placeholders(EN[key]).join(),
    );

    // Assess
    expect(missing).toEqual([]);
    expect(mismatched).toEqual([]);
  });

  it('fills the placeholders and shows an unknown key as itself', () => {
    expect(english('order.title', { number: '1042' })).toBe('Order 1042');
    expect(german('order.title', { number: '1042' })).toBe('Bestellung 1042');
    expect(english('rule.SOMETHING_NEW' as MessageKey)).toBe('rule.SOMETHING_NEW');
  });
});

describe('refusalText', () => {
  it('explains a 412 as someone else’s change', () => {
    expect(refusalText(412, { message: 'Precondition Failed' }, english)).toMatch(
      /^Not changed: someone else changed this order in the meantime\./,
    );
  });

  it('explains a 409 by its rule in words, and falls back to the API’s message for a rule it does not know', () => {
    // Act
    const known = refusalText(
      409,
      {
        message: 'Conflict',
        errors: [{ field: '/rejectedOn', message: 'x', rule: 'REJECT_AFTER_DISPATCH' }],
      },
      german,
    );
    const unknown = refusalText(
      409,
      { message: 'Conflict', errors: [{ field: '/x', message: 'The order is on hold.', rule: 'ON_HOLD' }] },
      english,
    );

    // Assess
    expect(known).toBe(
      'Nicht geändert: Eine versandte oder zugestellte Bestellung kann nicht storniert werden; erfassen Sie eine Rücksendung. Die Bestellung wird im aktuellen Stand gezeigt.',
    );
    expect(unknown).toBe('Not changed: The order is on hold. The order is shown as it is now.');
  });

  it('passes any other refusal’s message on', () => {
    expect(
      refusalText(400, { message: 'Bad', errors: [{ field: '/paidOn', message: 'Not a date' }] }, english),
    ).toBe('Not changed: Not a date');
    expect(
      refusalText(
        400,
        { errors: [{ field: '[0].value.country', message: 'expected a country code' }] },
        english,
      ),
    ).toBe('Not changed: country: expected a country code');
    expect(refusalText(503, undefined, english)).toBe('Not changed: HTTP 503');
  });
});
