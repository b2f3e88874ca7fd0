import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  newsletterKey,
  signConfirmToken,
  unsubscribeToken,
} from '../../lib/domain/storefront/newsletter-tokens';
import { call, tokenFor } from '../support/api';
import { busEvents, waitForBusEvents } from '../support/bus-events';
import { privateDemoShop } from '../support/shops';
import { startReceiver } from '../support/webhook-receiver';

/** Newsletter campaigns and sign-ups (docs/catalog.md "Newsletters"), on a shop of this file's own. */

let shop: string;
const campaigns = () => `/${shop}/newsletter-campaigns`;
const createCampaign = (body: unknown) => call(campaigns(), { method: 'POST', body });
const anyToken = () => tokenFor(shop, []);

beforeAll(async () => {
  shop = await privateDemoShop('letters');
});

describe('newsletter campaigns', () => {
  it('creates one (201 with Location, defaults filled) and lists campaigns oldest first with their total', async () => {
    // Act
    const first = await createCampaign({ identifier: 'autumn', name: 'Autumn letter' });
    const second = await createCampaign({
      identifier: 'winter',
      name: 'Winter letter',
      language: 'de',
      subject: 'Winterwandern',
      description: 'Einmal im Monat',
    });
    const page1 = await call(`${campaigns()}?resultsPerPage=1`);
    const page2 = await call(`${campaigns()}?resultsPerPage=1&page=2`);

    // Assess
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe(`${campaigns()}/${first.body.campaignId}`);
    expect(first.body).toEqual({
      campaignId: expect.any(String),
      language: 'en',
      identifier: 'autumn',
      name: 'Autumn letter',
      description: '',
      subject: '',
      numberOfSubscribers: 0,
    });
    expect(second.body.language).toBe('de');
    expect(page1.body).toEqual({ results: 2, page: 1, resultsPerPage: 1, items: [first.body] });
    expect(page2.body.items).toEqual([second.body]);
  });

  it('refuses a taken identifier in any case (409), a language the shop lacks, a missing name, an unknown field (400)', async () => {
    // Act
    const taken = await createCampaign({ identifier: 'AUTUMN', name: 'Again' });
    const bad = await Promise.all([
      createCampaign({ identifier: 'spring', name: 'Spring', language: 'fr' }),
      createCampaign({ identifier: 'spring', name: '' }),
      createCampaign({ identifier: 'spring' }),
      createCampaign({ identifier: 'spring', name: 'Spring', sender: 'x' }),
    ]);
    const listed = await call(campaigns());

    // Assess
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([expect.objectContaining({ field: 'identifier' })]);
    expect(bad.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(bad[0]?.body.errors).toEqual([expect.objectContaining({ field: 'language' })]);
    expect(listed.body.results).toBe(2);
  });

  it('needs newsletters_read to list and newsletters_write to create', async () => {
    const reader = tokenFor(shop, ['newsletters_read']);
    const listed = await call(campaigns(), { token: reader });
    const created = await call(campaigns(), {
      method: 'POST',
      body: { identifier: 'x', name: 'x' },
      token: reader,
    });
    const unlisted = await call(campaigns(), { token: anyToken() });

    expect([listed.status, created.status, unlisted.status]).toEqual([200, 403, 403]);
  });
});

describe('newsletter subscribers: double opt-in', () => {
  let campaignId: string;
  let path: string;
  beforeAll(async () => {
    const made = await createCampaign({ identifier: 'trail-news', name: 'Trail news' });
    campaignId = made.body.campaignId;
    path = `${campaigns()}/${campaignId}/subscribers`;
  });
  const signUp = (body: unknown, into = path) => call(into, { method: 'POST', body, token: anyToken() });
  const confirm = (token: unknown, into = path) =>
    call(`${into}/confirm`, { method: 'POST', body: { token }, token: anyToken() });
  const leave = (email: string, options: { query?: string; token?: string } = {}) =>
    call(`${path}/${encodeURIComponent(email)}${options.query ?? ''}`, {
      method: 'DELETE',
      token: options.token ?? anyToken(),
    });
  const count = async () =>
    (await call(campaigns())).body.items.find((c: { identifier: string }) => c.identifier === 'trail-news')
      .numberOfSubscribers as number;
  const listed = async (email: string) =>
    (await call(`${path}?resultsPerPage=100`)).body.items.find(
      (s: { email: string }) => s.email.toLowerCase() === email.toLowerCase(),
    );
  /** The confirm mail's events raised for an address of this campaign so far. */
  const requests = (email: string, campaign = campaignId) =>
    busEvents(
      (e) =>
        e.detailType === 'NewsletterSubscriptionRequested' &&
        e.detail.campaignId === campaign &&
        String(e.detail.email).toLowerCase() === email.toLowerCase(),
    );
  const requested = async (email: string, campaign = campaignId) =>
    (
      await waitForBusEvents(
        (e) =>
          e.detailType === 'NewsletterSubscriptionRequested' &&
          e.detail.campaignId === campaign &&
          String(e.detail.email).toLowerCase() === email.toLowerCase(),
      )
    )[0] as { time: string; detail: Record<string, string> };
  /** Signs up, confirms with the mail's token and answers that token. */
  const subscribed = async (email: string) => {
    await signUp({ email });
    const token = (await requested(email)).detail.confirmToken as string;
    expect((await confirm(token)).status).toBe(200);
    return token;
  };
  const keyOf = () =>
    newsletterKey(
      Buffer.from(readFileSync(process.env.NEWSLETTER_SECRET_FILE as string, 'utf8').trim()),
      shop,
    );

  it('answers every sign-up 202 {email} as sent, whatever the address is: new, pending, subscribed, left, in any case', async () => {
    // Prepare: one address subscribed, one that left
    await subscribed('known@example.com');
    await subscribed('gone@example.com');
    await leave('gone@example.com', { token: tokenFor(shop, ['newsletters_write']) });

    // Act
    const answers = await Promise.all([
      signUp({ email: 'Ada@Example.com', name: 'Ada' }),
      signUp({ email: 'KNOWN@example.com', name: 'Mallory' }),
      signUp({ email: 'Gone@Example.com' }),
    ]);
    const again = await signUp({ email: 'ada@example.COM' });

    // Assess: nothing tells the four apart but the address echoed
    expect([...answers, again].map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect([...answers, again].map((a) => a.body)).toEqual([
      { email: 'Ada@Example.com' },
      { email: 'KNOWN@example.com' },
      { email: 'Gone@Example.com' },
      { email: 'ada@example.COM' },
    ]);
    const headerNames = (a: { headers: Headers }) =>
      [...a.headers.keys()].filter((h) => !['date', 'x-request-id', 'content-length'].includes(h)).sort();
    expect(new Set([...answers, again].map((a) => JSON.stringify(headerNames(a)))).size).toBe(1);
    expect(answers[0]?.headers.get('content-type')).toMatch(/^application\/json/);
    // The subscribed address keeps its name; the new one is pending, the one that left pending again.
    expect(await listed('known@example.com')).toMatchObject({ name: '', subscribed: true, pending: false });
    expect(await listed('ada@example.com')).toMatchObject({
      email: 'Ada@Example.com',
      name: 'Ada',
      pending: true,
    });
    expect(await listed('gone@example.com')).toMatchObject({ subscribed: false, pending: true });
  });

  it('raises NewsletterSubscriptionRequested for a new address, then nothing more while it is pending (within the hour)', async () => {
    // Act
    await signUp({ email: 'Cleo@example.com' });
    const first = await requested('cleo@example.com');
    await Promise.all([signUp({ email: 'cleo@example.com' }), signUp({ email: 'CLEO@example.com' })]);
    // A later sign-up's event shows the stream got past the repeats.
    await signUp({ email: 'sentinel@example.com' });
    await requested('sentinel@example.com');

    // Assess
    expect(first.detail).toEqual({
      shopId: shop,
      campaignId,
      email: 'Cleo@example.com',
      confirmToken: expect.stringMatching(/^[\w-]+\.\d+\.[\w-]{43}$/),
      expiresOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const days = (Date.parse(first.detail.expiresOn as string) - Date.parse(first.time)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    expect(requests('cleo@example.com')).toHaveLength(1);
    expect(requests('known@example.com')).toHaveLength(1);
  });

  it('confirms with the mail token (200), again (200); refuses forged, expired, other campaign and garbage tokens (400)', async () => {
    // Prepare
    await signUp({ email: 'Dora@example.com', name: 'Dora' });
    const token = (await requested('dora@example.com')).detail.confirmToken as string;
    const pendingCount = await count();
    const other = await createCampaign({ identifier: 'other-news', name: 'Other news' });
    const otherPath = `${campaigns()}/${other.body.campaignId}/subscribers`;
    const binding = { shopId: shop, campaignId, email: 'Dora@example.com' };
    const expired = signConfirmToken(keyOf(), binding, new Date(Date.now() - 1000));
    const otherShops = signConfirmToken(randomBytes(32), binding, new Date(Date.now() + 3_600_000));
    const [address, expiry, signature] = token.split('.') as [string, string, string];
    const forged = [
      `${address}.${expiry}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${address}.${Number(expiry) + 86_400}.${signature}`,
      `${Buffer.from('eve@example.com').toString('base64url')}.${expiry}.${signature}`,
    ];

    // Act
    const refused = [
      await confirm(expired),
      await confirm(otherShops),
      ...(await Promise.all(forged.map((t) => confirm(t)))),
      await confirm(token, otherPath),
      await confirm('not-a-token'),
    ];
    const beforeConfirm = await listed('dora@example.com');
    const confirmed = await confirm(token);
    const twice = await confirm(token);

    // Assess
    expect(refused.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(refused[0]?.body.errors).toEqual([expect.objectContaining({ field: 'token' })]);
    expect(beforeConfirm).toMatchObject({ subscribed: false, pending: true });
    expect(pendingCount).toBe((await count()) - 1);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(confirmed.body).toEqual({ email: 'Dora@example.com', subscribed: true });
    expect(twice.body).toEqual(confirmed.body);
    expect(await listed('dora@example.com')).toEqual({
      email: 'Dora@example.com',
      name: 'Dora',
      subscribed: true,
      pending: false,
      unsubscribeToken: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it('counts only confirmed addresses: pending ones are listed with subscribed false', async () => {
    // Act
    const before = await count();
    await signUp({ email: 'eli@example.com' });
    await requested('eli@example.com');
    const whilePending = await count();
    const pending = await listed('eli@example.com');
    await confirm((await requested('eli@example.com')).detail.confirmToken);

    // Assess
    expect(whilePending).toBe(before);
    expect(pending).toMatchObject({ subscribed: false, pending: true });
    expect(await count()).toBe(before + 1);
  });

  it('unsubscribes with the address token (any token) or newsletters_write; a wrong or missing token is 403; unknown addresses 204', async () => {
    // Prepare
    await subscribed('fay@example.com');
    await subscribed('gus@example.com');
    const fay = await listed('fay@example.com');
    const before = await count();
    const strangerToken = unsubscribeToken(keyOf(), {
      shopId: shop,
      campaignId,
      email: 'nobody@example.com',
    });

    // Act
    // Another first character: it carries six bits of the signature, so the token always differs.
    const tampered = `${fay.unsubscribeToken.startsWith('A') ? 'B' : 'A'}${fay.unsubscribeToken.slice(1)}`;
    const wrong = await leave('fay@example.com', { query: `?token=${tampered}` });
    const someoneElses = await leave('gus@example.com', { query: `?token=${fay.unsubscribeToken}` });
    const none = await leave('fay@example.com');
    const reader = await leave('fay@example.com', { token: tokenFor(shop, ['newsletters_read']) });
    const afterRefusals = await count();
    const withToken = await leave('FAY@example.com', { query: `?token=${fay.unsubscribeToken}` });
    const byMerchant = await leave('gus@example.com', { token: tokenFor(shop, ['newsletters_write']) });
    const unknownByMerchant = await leave('nobody@example.com', {
      token: tokenFor(shop, ['newsletters_write']),
    });
    const unknownWithToken = await leave('nobody@example.com', { query: `?token=${strangerToken}` });
    const unknownWithout = await leave('nobody@example.com');

    // Assess
    expect([wrong.status, someoneElses.status, none.status, reader.status]).toEqual([403, 403, 403, 403]);
    expect(afterRefusals).toBe(before);
    expect([withToken.status, byMerchant.status, unknownByMerchant.status, unknownWithToken.status]).toEqual([
      204, 204, 204, 204,
    ]);
    expect(withToken.text).toBe('');
    expect(unknownWithout.status).toBe(403);
    expect(await listed('fay@example.com')).toMatchObject({ subscribed: false, pending: false });
    expect(await listed('gus@example.com')).toMatchObject({ subscribed: false, pending: false });
    expect(await listed('nobody@example.com')).toBeUndefined();
    expect(await count()).toBe(before - 2);
  });

  it('drops a pending request when the address leaves: its confirm token no longer works', async () => {
    // Prepare
    await signUp({ email: 'hal@example.com' });
    const token = (await requested('hal@example.com')).detail.confirmToken;

    // Act
    await leave('hal@example.com', { token: tokenFor(shop, ['newsletters_write']) });
    const late = await confirm(token);

    // Assess
    expect(late.status).toBe(400);
    expect(await listed('hal@example.com')).toMatchObject({ subscribed: false, pending: false });
  });

  it('counts each address once when the same sign-up races itself, with one confirm mail', async () => {
    // Act
    const answers = await Promise.all(Array.from({ length: 8 }, () => signUp({ email: 'ivy@example.com' })));
    await requested('ivy@example.com');
    const all = (await call(`${path}?resultsPerPage=100`)).body;

    // Assess
    expect(answers.every((a) => a.status === 202 || a.status === 409)).toBe(true);
    expect(all.items.filter((s: { email: string }) => s.email === 'ivy@example.com')).toHaveLength(1);
    expect(all.results).toBe(all.items.length);
    expect(requests('ivy@example.com')).toHaveLength(1);
  });

  it('sends NEWSLETTER_CONFIRM to a webhook with the confirm token, which confirms the address', async () => {
    // Prepare
    const receiver = await startReceiver();
    const hook = await call(`/${shop}/webhooks`, {
      method: 'POST',
      body: { callbackUrl: receiver.url, eventTypes: ['NEWSLETTER_CONFIRM'] },
      token: tokenFor(shop, ['webhooks_write', 'newsletters_read']),
    });

    // Act
    await signUp({ email: 'Jo@example.com' });
    const [delivery] = await receiver.waitFor(
      (r) =>
        r.body.eventType === 'NEWSLETTER_CONFIRM' &&
        (r.body.entity as { email: string }).email === 'Jo@example.com',
    );
    await call(`/${shop}/webhooks/${hook.body.webhookId}`, { method: 'DELETE' });
    await receiver.close();
    const entity = delivery?.body.entity as { confirmToken: string };
    const confirmed = await confirm(entity.confirmToken);

    // Assess
    expect(hook.status).toBe(201);
    expect(delivery?.body).toMatchObject({
      eventType: 'NEWSLETTER_CONFIRM',
      entityUrl: expect.stringMatching(
        new RegExp(`/${shop}/newsletter-campaigns/${campaignId}/subscribers/confirm$`),
      ),
      entity: {
        campaignId,
        email: 'Jo@example.com',
        confirmToken: expect.any(String),
        expiresOn: expect.stringMatching(/^\d{4}-/),
      },
    });
    expect(Object.keys(delivery?.body.entity as object).sort()).toEqual([
      'campaignId',
      'confirmToken',
      'email',
      'expiresOn',
    ]);
    expect(confirmed.body).toEqual({ email: 'Jo@example.com', subscribed: true });
  });

  it('lets only a token with newsletters_read subscribe a webhook to NEWSLETTER_CONFIRM (403 naming it)', async () => {
    const refused = await call(`/${shop}/webhooks`, {
      method: 'POST',
      body: { callbackUrl: 'https://erp.example.com/hooks/letters', eventTypes: ['NEWSLETTER_CONFIRM'] },
      token: tokenFor(shop, ['webhooks_write']),
    });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/newsletters_read/);
  });

  it('answers 404 for an unknown campaign on every call, 400 for a bad address or body', async () => {
    const unknown = `${campaigns()}/nosuchcampaign/subscribers`;
    const manager = tokenFor(shop, ['newsletters_write']);
    const answers = [
      await call(unknown),
      await call(unknown, { method: 'POST', body: { email: 'a@example.com' }, token: anyToken() }),
      await call(`${unknown}/confirm`, { method: 'POST', body: { token: 'x' }, token: anyToken() }),
      await call(`${unknown}/a%40example.com`, { method: 'DELETE', token: manager }),
      await signUp({ email: 'not-an-address' }),
      await signUp({ name: 'No address' }),
      await call(`${path}/confirm`, { method: 'POST', body: {}, token: anyToken() }),
      await call(`${path}/not-an-address`, { method: 'DELETE', token: manager }),
    ];

    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 400, 400, 400, 400]);
  });
});

describe('the demo shop', () => {
  it('has a newsletter campaign to sign up to', async () => {
    const listed = await call('/demo/newsletter-campaigns');

    expect(listed.body.items).toContainEqual(expect.objectContaining({ identifier: 'trail-letter' }));
  });
});
