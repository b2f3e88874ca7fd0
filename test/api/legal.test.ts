import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { importShop } from '../../lib/data/import-shop';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { call, tokenFor } from '../support/api';
import { useLocalTable } from '../support/local-env';

/**
 * Legal contact information. Reads use the demo seed; writes a private copy of the demo shop
 * (the legalWrite sample event writes the demo shop's de_DE text back as it is).
 */

const shop = `legal-${Date.now().toString(36)}`;
let seed: ShopFile;
const path = `/${shop}/legal/contact-information`;
const complete = {
  name: 'Contact',
  title: 'Imprint',
  navigationCaption: 'Imprint',
  shortDescription: '<p>Call us</p>',
  description: '<p>Registered in Freiburg</p>',
  company: 'Waldpfad GmbH',
  contactPerson: 'Katrin Hofmann',
  contactPersonJobTitle: 'CEO',
  address: '<p>Lindenstraße 12</p>',
  phone: '+49 761 0',
  email: 'hello@example.com',
};

beforeAll(async () => {
  useLocalTable();
  seed = await readShopFile('infra/local/seed/demo.json');
  await importShop(shop, seed);
});

describe('GET /{shopId}/legal/contact-information', () => {
  it('answers in the requested locale with any token of the shop, else in the default locale', async () => {
    const german = await call('/demo/legal/contact-information?locale=de_DE', {
      token: tokenFor('demo', []),
    });
    const fallback = await call('/demo/legal/contact-information?locale=fr_FR');
    const plain = await call('/demo/legal/contact-information');

    expect(german.status).toBe(200);
    expect(german.body).toEqual(seed.legal.contactInformation.de_DE);
    expect(fallback.body).toEqual(seed.legal.contactInformation.en_GB);
    expect(plain.body).toEqual(seed.legal.contactInformation.en_GB);
  });

  it('answers 403 for a token of another shop and 400 for a malformed locale', async () => {
    const refused = await call('/demo/legal/contact-information', { token: tokenFor('other') });
    const malformed = await call('/demo/legal/contact-information?locale=english');

    expect(refused.status).toBe(403);
    expect(malformed.status).toBe(400);
  });
});

describe('PUT /{shopId}/legal/contact-information', () => {
  it('replaces one locale whole, seen at once; the other locales stay', async () => {
    // Act
    const response = await call(`${path}?locale=en_GB`, { method: 'PUT', body: complete });

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toEqual(complete);
    expect((await call(`${path}?locale=en_GB`)).body).toEqual(complete);
    expect((await call(`${path}?locale=de_DE`)).body).toEqual(seed.legal.contactInformation.de_DE);
  });

  it('deletes the fields not sent (they read as empty strings)', async () => {
    const response = await call(`${path}?locale=de_DE`, {
      method: 'PUT',
      body: { name: 'Kontakt', email: 'kontakt@example.com' },
    });

    const empty = Object.fromEntries(Object.keys(complete).map((k) => [k, '']));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...empty, name: 'Kontakt', email: 'kontakt@example.com' });
    expect((await call(`${path}?locale=de_DE`)).body).toEqual(response.body);
  });

  it('needs a locale of the shop: 400 when missing or unknown', async () => {
    const missing = await call(path, { method: 'PUT', body: complete });
    const unknown = await call(`${path}?locale=fr_FR`, { method: 'PUT', body: complete });

    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'locale', message: expect.any(String) }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'locale', message: expect.stringContaining('fr_FR') }]);
  });

  it('answers 400 for unknown fields, non-strings or no body, and changes nothing', async () => {
    const before = (await call(`${path}?locale=en_GB`)).body;

    const unknown = await call(`${path}?locale=en_GB`, { method: 'PUT', body: { ...complete, fax: '0' } });
    const number = await call(`${path}?locale=en_GB`, { method: 'PUT', body: { ...complete, phone: 7610 } });
    const none = await call(`${path}?locale=en_GB`, { method: 'PUT' });

    expect(unknown.status).toBe(400);
    expect(number.status).toBe(400);
    expect(number.body.errors).toEqual([{ field: 'phone', message: expect.any(String) }]);
    expect(none.status).toBe(400);
    expect((await call(`${path}?locale=en_GB`)).body).toEqual(before);
  });

  it('needs legal_write', async () => {
    const refused = await call(`${path}?locale=en_GB`, {
      method: 'PUT',
      body: complete,
      token: tokenFor(shop, ['products_write']),
    });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('legal_write');
  });

  it('keeps both of two simultaneous writes of different locales', async () => {
    const english = { ...complete, name: 'Both EN' };
    const german = { ...complete, name: 'Both DE' };

    const responses = await Promise.all([
      call(`${path}?locale=en_GB`, { method: 'PUT', body: english }),
      call(`${path}?locale=de_DE`, { method: 'PUT', body: german }),
    ]);

    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect((await call(`${path}?locale=en_GB`)).body.name).toBe('Both EN');
    expect((await call(`${path}?locale=de_DE`)).body.name).toBe('Both DE');
  });
});
