import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { importShop } from '../../lib/data/import-shop';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { call, createCart } from '../support/api';
import { useLocalTable } from '../support/local-env';

/**
 * Locale matching (docs/decisions.md "Locales"): any case, `-` or `_`, a bare language; a locale
 * the shop lacks falls back to one of the same language, then to the default; only the locale a
 * write stores texts under must be one of the shop's. The demo shop has en_GB (default) and de_DE.
 * Writes go to a private copy of the demo shop.
 */

const shop = `locales-${Date.now().toString(36)}`;
let seed: ShopFile;

beforeAll(async () => {
  useLocalTable();
  seed = await readShopFile('infra/local/seed/demo.json');
  await importShop(shop, seed);
});

const categoryName = async (query: string) => {
  const response = await call(`/demo/categories/cookware${query}`);
  expect(response.status).toBe(200);
  return response.body.name as string;
};

describe('locale in a query', () => {
  it('matches a shop locale in any case and with "-" or "_"', async () => {
    const german = await categoryName('?locale=de_DE');

    for (const written of ['de_de', 'DE_DE', 'de-DE', 'De-dE']) {
      expect(await categoryName(`?locale=${written}`)).toBe(german);
    }
    expect(german).not.toBe(await categoryName(''));
  });

  it('falls back to a shop locale of the same language, then to the default', async () => {
    const german = await categoryName('?locale=de_DE');
    const english = await categoryName('?locale=en_GB');

    expect(await categoryName('?locale=de_AT')).toBe(german);
    expect(await categoryName('?locale=de-ch')).toBe(german);
    expect(await categoryName('?locale=de')).toBe(german);
    expect(await categoryName('?locale=en_US')).toBe(english);
    expect(await categoryName('?locale=fr_FR')).toBe(english);
  });

  it('renders money in the fallback locale (product list, de_AT → de_DE)', async () => {
    const austrian = await call('/demo/products?locale=de_at&id=espresso-beans');
    const german = await call('/demo/products?locale=de_DE&id=espresso-beans');

    expect(austrian.status).toBe(200);
    expect(austrian.body.items[0].priceInfo.price.formatted).toBe(
      german.body.items[0].priceInfo.price.formatted,
    );
    expect(austrian.body.items[0].name).toBe(german.body.items[0].name);
  });

  it('answers 400 for text that is no locale at all', async () => {
    for (const bad of ['german', 'de_DE_x', 'd', 'de__DE', '12_34']) {
      const response = await call(`/demo/shipping-methods?locale=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'locale', message: expect.any(String) }]);
    }
  });
});

describe('locale of a cart', () => {
  it('takes a loosely written locale and shows the one it uses in the cart', async () => {
    const lower = await createCart('demo', { locale: 'de_de' });
    const austrian = await createCart('demo', { locale: 'de-AT' });
    const french = await createCart('demo', { locale: 'fr_FR' });
    const none = await createCart('demo', {});

    expect(lower.response.status).toBe(201);
    expect(lower.response.body.locale).toBe('de_DE');
    expect(austrian.response.status).toBe(201);
    expect(austrian.response.body.locale).toBe('de_DE');
    expect(austrian.response.body.minimumCart.amount.formatted).toBe('5,00\u00a0€');
    expect(french.response.status).toBe(201);
    expect(french.response.body.locale).toBe('en_GB');
    expect(none.response.body.locale).toBe('en_GB');
    // The cart keeps its locale: a later read answers in it.
    const read = await call(`/demo/carts/${austrian.cartId}`, { cartToken: austrian.cartToken });
    expect(read.body.locale).toBe('de_DE');
  });

  it('answers 400 for a cart locale that is no locale at all', async () => {
    const response = await call('/demo/carts', { method: 'POST', body: { locale: 'deutsch' } });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'locale', message: expect.any(String) }]);
  });

  it('lists carts in the resolved locale of ?locale=', async () => {
    await createCart(shop, { locale: 'en_GB' });

    const listed = await call(`/${shop}/carts?locale=DE-at&resultsPerPage=1`);

    expect(listed.status).toBe(200);
    expect(listed.body.items[0].locale).toBe('de_DE');
  });
});

describe('locale of a write', () => {
  const legal = () => `/${shop}/legal/contact-information`;

  it('PUT contact information matches the locale in any case and writes it there', async () => {
    const body = { ...seed.legal.contactInformation.de_DE, name: 'Kontakt (klein geschrieben)' };

    const written = await call(`${legal()}?locale=de-de`, { method: 'PUT', body });

    expect(written.status).toBe(200);
    expect((await call(`${legal()}?locale=de_DE`)).body.name).toBe('Kontakt (klein geschrieben)');
    expect((await call(`${legal()}?locale=en_GB`)).body.name).toBe(seed.legal.contactInformation.en_GB?.name);
  });

  it('PUT contact information keeps 400 for a locale the shop does not offer, even of a shop language', async () => {
    const body = seed.legal.contactInformation.de_DE;

    const austrian = await call(`${legal()}?locale=de_AT`, { method: 'PUT', body });
    const language = await call(`${legal()}?locale=de`, { method: 'PUT', body });

    expect(austrian.status).toBe(400);
    expect(austrian.body.errors).toEqual([{ field: 'locale', message: expect.stringContaining('de_AT') }]);
    expect(language.status).toBe(400);
  });

  it('category writes take a loosely written shop locale', async () => {
    const response = await call(`/${shop}/categories/cookware?locale=DE_de`, {
      method: 'PUT',
      body: { categoryId: 'cookware', name: 'Kochgeschirr neu' },
    });

    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Kochgeschirr neu');
    expect((await call(`/${shop}/categories/cookware?locale=de_DE`)).body.name).toBe('Kochgeschirr neu');
  });
});
