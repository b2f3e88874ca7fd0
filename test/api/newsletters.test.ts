import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { privateDemoShop } from '../support/shops';

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

describe('newsletter subscribers', () => {
  let path: string;
  beforeAll(async () => {
    const made = await createCampaign({ identifier: 'trail-news', name: 'Trail news' });
    path = `${campaigns()}/${made.body.campaignId}/subscribers`;
  });
  const signUp = (body: unknown) => call(path, { method: 'POST', body, token: anyToken() });
  const count = async () =>
    (await call(campaigns())).body.items.find((c: { identifier: string }) => c.identifier === 'trail-news')
      .numberOfSubscribers as number;

  it('signs an address up once with any token: new 201, known (any case) 200 with the name updated', async () => {
    // Act
    const fresh = await signUp({ email: 'Ada@Example.com', name: 'Ada' });
    const again = await signUp({ email: 'ada@example.com' });
    const renamed = await signUp({ email: 'ADA@example.COM', name: 'Ada L.' });
    const listed = await call(path);

    // Assess
    expect(fresh.status).toBe(201);
    expect(fresh.body).toEqual({ email: 'Ada@Example.com', name: 'Ada', subscribed: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(fresh.body);
    expect(renamed.body).toEqual({ email: 'Ada@Example.com', name: 'Ada L.', subscribed: true });
    expect(listed.body).toEqual({ results: 1, page: 1, resultsPerPage: 10, items: [renamed.body] });
    expect(await count()).toBe(1);
  });

  it('unsubscribes with any token (204); the address stays listed; an unknown address is 204 too', async () => {
    // Prepare
    await signUp({ email: 'bert@example.com', name: 'Bert' });
    const before = await count();

    // Act
    const left = await call(`${path}/${encodeURIComponent('BERT@example.com')}`, {
      method: 'DELETE',
      token: anyToken(),
    });
    const twice = await call(`${path}/bert%40example.com`, { method: 'DELETE', token: anyToken() });
    const stranger = await call(`${path}/nobody%40example.com`, { method: 'DELETE', token: anyToken() });
    const listed = await call(path);
    const back = await signUp({ email: 'bert@example.com' });

    // Assess
    expect([left.status, twice.status, stranger.status]).toEqual([204, 204, 204]);
    expect(listed.body.items).toContainEqual({ email: 'bert@example.com', name: 'Bert', subscribed: false });
    expect(listed.body.results).toBe(2);
    expect(back.status).toBe(200);
    expect(back.body.subscribed).toBe(true);
    expect(await count()).toBe(before);
  });

  it('counts each address once when the same sign-up races itself', async () => {
    // Act
    const answers = await Promise.all(Array.from({ length: 8 }, () => signUp({ email: 'cleo@example.com' })));
    const listed = await call(path);

    // Assess
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200 || a.status === 409)).toBe(true);
    expect(listed.body.items.filter((s: { email: string }) => s.email === 'cleo@example.com')).toHaveLength(
      1,
    );
    expect(await count()).toBe(listed.body.items.filter((s: { subscribed: boolean }) => s.subscribed).length);
  });

  it('answers 404 for an unknown campaign on all three calls, 400 for a bad address or body', async () => {
    const unknown = `${campaigns()}/nosuchcampaign/subscribers`;
    const answers = [
      await call(unknown),
      await call(unknown, { method: 'POST', body: { email: 'a@example.com' }, token: anyToken() }),
      await call(`${unknown}/a%40example.com`, { method: 'DELETE', token: anyToken() }),
      await signUp({ email: 'not-an-address' }),
      await signUp({ name: 'No address' }),
      await call(`${path}/not-an-address`, { method: 'DELETE', token: anyToken() }),
    ];

    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 400, 400, 400]);
  });
});

describe('the demo shop', () => {
  it('has a newsletter campaign to sign up to', async () => {
    const listed = await call('/demo/newsletter-campaigns');

    expect(listed.body.items).toContainEqual(expect.objectContaining({ identifier: 'trail-letter' }));
  });
});
