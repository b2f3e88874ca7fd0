import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { passesFilters } from '../../infra/local/stream/event-pattern';
import { newsletterEventsOf } from '../../lib/domain/storefront/newsletter-events';
import {
  confirmExpiry,
  isUnsubscribeToken,
  newsletterKey,
  readConfirmToken,
  signConfirmToken,
  unsubscribeToken,
} from '../../lib/domain/storefront/newsletter-tokens';
import {
  confirmChange,
  leaveChange,
  type NewsletterSubscriber,
  signUpChange,
} from '../../lib/domain/storefront/newsletters';

/** The newsletter's double opt-in without a database (docs/catalog.md "Newsletters"). */

const key = newsletterKey(Buffer.alloc(32, 7), 'demo');
const binding = { shopId: 'demo', campaignId: 'c1', email: 'Ada@Example.com' };
const now = new Date('2026-11-28T12:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('newsletter tokens', () => {
  it('reads a confirm token back to its address until it expires, seven days on', () => {
    const token = signConfirmToken(key, binding, confirmExpiry(now));

    expect(readConfirmToken(key, token, binding, now)).toEqual({
      email: 'Ada@Example.com',
      expiresOn: '2026-12-05T12:00:00.000Z',
    });
    expect(readConfirmToken(key, token, binding, minutes(7 * 24 * 60 - 1))).toBeDefined();
    expect(readConfirmToken(key, token, binding, minutes(7 * 24 * 60))).toBeUndefined();
  });

  it('refuses a confirm token of another campaign, another shop or key, or changed anywhere', () => {
    const token = signConfirmToken(key, binding, confirmExpiry(now));
    const [address, expiry, signature] = token.split('.') as [string, string, string];

    expect(readConfirmToken(key, token, { ...binding, campaignId: 'c2' }, now)).toBeUndefined();
    expect(
      readConfirmToken(newsletterKey(Buffer.alloc(32, 7), 'other'), token, binding, now),
    ).toBeUndefined();
    expect(
      readConfirmToken(key, `${address}.${Number(expiry) + 1}.${signature}`, binding, now),
    ).toBeUndefined();
    expect(
      readConfirmToken(
        key,
        `${Buffer.from('eve@x.com').toString('base64url')}.${expiry}.${signature}`,
        binding,
        now,
      ),
    ).toBeUndefined();
    expect(readConfirmToken(key, `${token}A`, binding, now)).toBeUndefined();
    expect(readConfirmToken(key, '', binding, now)).toBeUndefined();
  });

  it('binds an unsubscribe token to the address in any case, and to nothing else', () => {
    const token = unsubscribeToken(key, binding);

    expect(token).toMatch(/^[\w-]{43}$/);
    expect(isUnsubscribeToken(key, { ...binding, email: 'ada@example.COM' }, token)).toBe(true);
    expect(isUnsubscribeToken(key, { ...binding, email: 'bob@example.com' }, token)).toBe(false);
    expect(isUnsubscribeToken(key, { ...binding, campaignId: 'c2' }, token)).toBe(false);
    expect(isUnsubscribeToken(key, binding, token.slice(1))).toBe(false);
  });
});

describe('newsletter sign-up rules', () => {
  const pending = (askedMinutesAgo: number): NewsletterSubscriber => ({
    email: 'Ada@Example.com',
    name: 'Ada',
    subscribed: false,
    pending: true,
    requestedOn: minutes(-askedMinutesAgo).toISOString(),
    confirmToken: 'T1',
    expiresOn: '2026-12-05T12:00:00.000Z',
    version: 3,
  });

  it('asks for a confirm mail for a new address, one that left, or one pending for an hour or more', () => {
    const left = { ...pending(0), pending: false, requestedOn: undefined };

    expect(signUpChange(null, { email: 'ada@example.com', name: 'A' }, now)).toEqual({
      email: 'ada@example.com',
      name: 'A',
      subscribed: false,
      pending: true,
      requestedOn: now.toISOString(),
      version: 1,
    });
    expect(signUpChange(left, { email: 'ADA@example.com' }, now)).toMatchObject({
      email: 'Ada@Example.com',
      name: 'Ada',
    });
    expect(signUpChange(pending(60), { email: 'ada@example.com' }, now)).toMatchObject({ version: 4 });
  });

  it('asks for nothing for a subscribed address or one asked within the hour', () => {
    expect(
      signUpChange({ ...pending(0), subscribed: true, pending: false }, { email: 'a@b.co' }, now),
    ).toBeNull();
    expect(signUpChange(pending(59), { email: 'ada@example.com', name: 'Mallory' }, now)).toBeNull();
  });

  it('confirms only with the newest token of a pending address; a subscribed one stays so', () => {
    expect(confirmChange(pending(5), 'T1')).toEqual({
      email: 'Ada@Example.com',
      name: 'Ada',
      subscribed: true,
      pending: false,
      version: 4,
    });
    expect(confirmChange(pending(5), 'T0')).toBeNull();
    expect(confirmChange(null, 'T1')).toBeNull();
    expect(confirmChange({ ...pending(5), subscribed: true, pending: false }, 'T0')).toBe('already');
    expect(leaveChange(pending(5))).toMatchObject({ subscribed: false, pending: false });
    expect(leaveChange({ ...pending(5), pending: false })).toBeNull();
  });
});

describe('NewsletterSubscriptionRequested', () => {
  const image = (token?: string) => ({
    kind: { S: 'newsletterSubscriber' },
    shopId: { S: 'demo' },
    campaignId: { S: 'c1' },
    email: { S: 'Ada@Example.com' },
    requestedOn: { S: '2026-11-28T12:00:00.000Z' },
    ...(token ? { confirmToken: { S: token }, expiresOn: { S: '2026-12-05T12:00:00.000Z' } } : {}),
  });
  const record = (eventName: 'INSERT' | 'MODIFY', now: object, old?: object) =>
    ({ eventName, dynamodb: { NewImage: now, ...(old ? { OldImage: old } : {}) } }) as DynamoDBRecord;

  it('is raised by a write that leaves a new confirm token, and the stream filter lets it through', () => {
    const inserted = record('INSERT', image('T1'));
    const again = record('MODIFY', image('T2'), image('T1'));

    expect(newsletterEventsOf(inserted)).toEqual([
      {
        type: 'NewsletterSubscriptionRequested',
        time: '2026-11-28T12:00:00.000Z',
        detail: {
          shopId: 'demo',
          campaignId: 'c1',
          email: 'Ada@Example.com',
          confirmToken: 'T1',
          expiresOn: '2026-12-05T12:00:00.000Z',
        },
      },
    ]);
    expect(newsletterEventsOf(again)).toHaveLength(1);
    expect(passesFilters(PUBLISHER_STREAM.filters, inserted)).toBe(true);
  });

  it('is not raised by a confirmation or an unsubscribe (no token left), which the filter keeps out', () => {
    const confirmed = record('MODIFY', image(), image('T1'));

    expect(newsletterEventsOf(confirmed)).toEqual([]);
    expect(newsletterEventsOf(record('MODIFY', image('T1'), image('T1')))).toEqual([]);
    expect(passesFilters(PUBLISHER_STREAM.filters, confirmed)).toBe(false);
  });
});
