import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { call, tokenFor } from '../support/api';

/** Shop information for storefronts: GET /{shopId}, /locales, /currencies (docs/catalog.md "Shop"). */

let demo: ShopFile;
let other: ShopFile;
beforeAll(async () => {
  demo = await readShopFile('infra/local/seed/demo.json');
  other = await readShopFile('infra/local/seed/other.json');
});

describe('GET /{shopId}', () => {
  it('tells a storefront the shop name, logo, storefront URL, locales, currencies and tax model, to any token of the shop', async () => {
    // Prepare
    const api = `${inject('apiUrl')}/demo`;

    // Act
    const response = await call('/demo', { token: tokenFor('demo', []) });

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      shopId: 'demo',
      name: demo.settings.name,
      logoUrl: demo.settings.logoUrl,
      sfUrl: demo.settings.storefrontUrl,
      defaultLocale: demo.settings.defaultLocale,
      locales: demo.settings.locales,
      defaultCurrency: demo.settings.defaultCurrency,
      currencies: demo.settings.currencies,
      taxModel: demo.settings.taxModel.model,
      links: [
        { rel: 'self', href: api },
        { rel: 'locales', href: `${api}/locales` },
        { rel: 'currencies', href: `${api}/currencies` },
        { rel: 'products', href: `${api}/products` },
        { rel: 'categories', href: `${api}/categories` },
        { rel: 'shipping-methods', href: `${api}/shipping-methods` },
        { rel: 'tax-model', href: `${api}/tax-model` },
        { rel: 'contact-information', href: `${api}/legal/contact-information` },
      ],
    });
    expect(demo.settings.logoUrl).toMatch(/^https:\/\//);
  });

  it('answers logoUrl null for a shop without a logo', async () => {
    const response = await call('/other');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ shopId: 'other', name: other.settings.name, logoUrl: null });
  });
});

describe('GET /{shopId}/locales and /{shopId}/currencies', () => {
  it('answer {default, items} to any token of the shop', async () => {
    const token = tokenFor('demo', []);

    const locales = await call('/demo/locales', { token });
    const currencies = await call('/demo/currencies', { token });

    expect([locales.status, currencies.status]).toEqual([200, 200]);
    expect(locales.body).toEqual({ default: demo.settings.defaultLocale, items: demo.settings.locales });
    expect(currencies.body).toEqual({
      default: demo.settings.defaultCurrency,
      items: demo.settings.currencies,
    });
  });
});

describe('shop information routes', () => {
  const paths = ['', '/locales', '/currencies'];

  it.each(paths)('answer 404 "Shop not found" for a shop that does not exist (%s)', async (path) => {
    const response = await call(`/nosuchshop${path}`);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: '404', message: 'Shop not found' });
  });

  it.each(paths)("refuse another shop's token with 403 (%s)", async (path) => {
    const response = await call(`/other${path}`, { token: tokenFor('demo') });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: '403' });
    expect(response.text).not.toContain(other.settings.name);
  });

  it('take GET only: other methods on /{shopId} are 405 with Allow: GET', async () => {
    const response = await call('/demo', { method: 'POST', body: {} });

    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
