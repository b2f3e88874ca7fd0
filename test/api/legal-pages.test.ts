import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { importShop } from '../../lib/data/import-shop';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { call, tokenFor } from '../support/api';
import { useLocalTable } from '../support/local-env';

/**
 * The legal pages besides the contact information (docs/catalog.md "Legal"). Reads use the demo
 * seed (privacy policy and terms in both locales, shipping in en_GB only); writes a private copy.
 */

const shop = `legalpages-${Date.now().toString(36)}`;
let seed: ShopFile;
const EMPTY = { name: '', title: '', navigationCaption: '', shortDescription: '', description: '' };
const PAGES = [
  'privacy-policy',
  'terms-and-conditions',
  'rights-of-withdrawal',
  'shipping-information',
  'cookie-policy',
];

beforeAll(async () => {
  useLocalTable();
  seed = await readShopFile('infra/local/seed/demo.json');
  await importShop(shop, seed);
});

describe('GET /{shopId}/legal', () => {
  it('names every page in the locale ("" when unset) and links each, with any token of the shop', async () => {
    // Act
    const german = await call('/demo/legal?locale=de_DE', { token: tokenFor('demo', []) });
    const english = await call('/demo/legal');

    // Assess
    expect(german.status).toBe(200);
    expect(german.body).toEqual({
      contactInformation: { name: seed.legal.contactInformation.de_DE?.name },
      privacyPolicy: { name: 'Datenschutzerklärung' },
      termsAndConditions: { name: 'AGB' },
      rightsOfWithdrawal: { name: '' },
      shippingInformation: { name: '' },
      cookiePolicy: { name: '' },
      links: expect.any(Array),
    });
    expect(english.body.shippingInformation).toEqual({ name: 'Shipping' });
    const links = Object.fromEntries(
      (german.body.links as { rel: string; href: string }[]).map((l) => [l.rel, new URL(l.href).pathname]),
    );
    expect(links).toEqual({
      contact: '/demo/legal/contact-information',
      privacy: '/demo/legal/privacy-policy',
      tac: '/demo/legal/terms-and-conditions',
      withdrawal: '/demo/legal/rights-of-withdrawal',
      shipping: '/demo/legal/shipping-information',
      cookie: '/demo/legal/cookie-policy',
    });
  });

  it("answers 400 for a locale the shop does not have and 403 for another shop's token", async () => {
    const french = await call('/demo/legal?locale=fr_FR');
    const refused = await call('/demo/legal', { token: tokenFor('other') });

    expect(french.status).toBe(400);
    expect(french.body.errors).toEqual([expect.objectContaining({ field: 'locale' })]);
    expect(refused.status).toBe(403);
  });
});

describe('GET /{shopId}/legal/{page}', () => {
  it('answers each page in the locale, every field a string, "" where unset', async () => {
    // Act
    const answers = await Promise.all(PAGES.map((page) => call(`/demo/legal/${page}?locale=de_DE`)));

    // Assess
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]?.body).toEqual(seed.legal.pages?.['privacy-policy']?.de_DE);
    expect(answers[1]?.body).toEqual(seed.legal.pages?.['terms-and-conditions']?.de_DE);
    // Written in en_GB only: no other language's text in its place.
    expect(answers[3]?.body).toEqual(EMPTY);
    expect(answers[4]?.body).toEqual(EMPTY);
  });

  it('answers 404 for an unknown page and 400 for a locale the shop does not have', async () => {
    const unknown = await call('/demo/legal/imprint');
    const french = await call('/demo/legal/privacy-policy?locale=fr_FR');

    expect(unknown.status).toBe(404);
    expect(french.status).toBe(400);
  });
});

describe('PUT /{shopId}/legal/{page}', () => {
  const page = `/${shop}/legal/cookie-policy`;

  it('stores the page whole in one locale, seen at once; fields not sent read ""; the other locale stays', async () => {
    // Act
    const english = await call(`${page}?locale=en_GB`, {
      method: 'PUT',
      body: { name: 'Cookies', description: '<p>Only the cart cookie.</p>' },
    });
    const german = await call(`${page}?locale=de_DE`, {
      method: 'PUT',
      body: { name: 'Cookies', title: 'Cookie-Richtlinie' },
    });
    const read = await call(`${page}?locale=en_GB`);
    const summary = await call(`/${shop}/legal?locale=en_GB`);

    // Assess
    expect(english.status).toBe(200);
    expect(english.body).toEqual({ ...EMPTY, name: 'Cookies', description: '<p>Only the cart cookie.</p>' });
    expect(german.body).toEqual({ ...EMPTY, name: 'Cookies', title: 'Cookie-Richtlinie' });
    expect(read.body).toEqual(english.body);
    expect(summary.body.cookiePolicy).toEqual({ name: 'Cookies' });
  });

  it('answers 400 for a missing or unknown locale, an unknown key, a non-string or no body, and changes nothing', async () => {
    // Prepare
    const before = await call(`/${shop}/legal/privacy-policy?locale=en_GB`);
    const put = (query: string, body: unknown) =>
      call(`/${shop}/legal/privacy-policy${query}`, { method: 'PUT', body });

    // Act
    const answers = [
      await put('', { name: 'x' }),
      await put('?locale=fr_FR', { name: 'x' }),
      await put('?locale=en_GB', { name: 'x', footer: 'y' }),
      await put('?locale=en_GB', { name: 42 }),
      await put('?locale=en_GB', undefined),
      await put('?locale=en_GB', ['name']),
    ];
    const after = await call(`/${shop}/legal/privacy-policy?locale=en_GB`);

    // Assess
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[0]?.body.errors).toEqual([expect.objectContaining({ field: 'locale' })]);
    expect(answers[2]?.body.errors.length).toBeGreaterThan(0);
    expect(after.body).toEqual(before.body);
  });

  it('answers 404 for an unknown page and needs legal_write', async () => {
    const unknown = await call(`/${shop}/legal/imprint?locale=en_GB`, { method: 'PUT', body: { name: 'x' } });
    const unscoped = await call(`/${shop}/legal/cookie-policy?locale=en_GB`, {
      method: 'PUT',
      body: { name: 'x' },
      token: tokenFor(shop, ['products_read']),
    });

    expect(unknown.status).toBe(404);
    expect(unscoped.status).toBe(403);
  });

  it('keeps both of two simultaneous writes of different pages', async () => {
    // Act
    const [a, b] = await Promise.all([
      call(`/${shop}/legal/rights-of-withdrawal?locale=en_GB`, {
        method: 'PUT',
        body: { name: 'Withdrawal' },
      }),
      call(`/${shop}/legal/shipping-information?locale=de_DE`, { method: 'PUT', body: { name: 'Versand' } }),
    ]);
    const summaryEn = await call(`/${shop}/legal?locale=en_GB`);
    const summaryDe = await call(`/${shop}/legal?locale=de_DE`);

    // Assess
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(summaryEn.body.rightsOfWithdrawal).toEqual({ name: 'Withdrawal' });
    expect(summaryEn.body.shippingInformation).toEqual({ name: 'Shipping' });
    expect(summaryDe.body.shippingInformation).toEqual({ name: 'Versand' });
  });
});
