import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';

describe('GET /{shopId}/tax-classes', () => {
  it('pages the tax classes in the envelope, with the default class', async () => {
    // Act
    const response = await call('/demo/tax-classes');

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: 2,
      page: 1,
      resultsPerPage: 10,
      items: [
        { taxClassId: 'standard', name: 'Standard rate', percentage: 19 },
        { taxClassId: 'reduced', name: 'Reduced rate', percentage: 7 },
      ],
      defaultTaxClass: { taxClassId: 'standard', name: 'Standard rate', percentage: 19 },
    });
  });

  it('localizes names with fallback and pages', async () => {
    const german = await call('/demo/tax-classes?locale=de_DE&resultsPerPage=1&page=2');
    const fallback = await call('/demo/tax-classes?locale=fr_FR');

    expect(german.body).toMatchObject({
      results: 2,
      page: 2,
      resultsPerPage: 1,
      items: [{ taxClassId: 'reduced', name: 'Ermäßigter Steuersatz', percentage: 7 }],
      defaultTaxClass: { name: 'Regelsteuersatz' },
    });
    expect(fallback.body.items[0].name).toBe('Standard rate');
  });

  it('answers 400 outside the paging limits and 403 without products_read', async () => {
    const invalid = await Promise.all(
      ['page=0', 'resultsPerPage=0', 'resultsPerPage=101', 'page=-1'].map((q) =>
        call(`/demo/tax-classes?${q}`),
      ),
    );
    const refused = await call('/demo/tax-classes', { token: tokenFor('demo', ['products_write']) });

    expect(invalid.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(invalid[0]?.body.errors).toEqual([{ field: 'page', message: expect.any(String) }]);
    expect(refused.status).toBe(403);
  });
});

describe('GET /{shopId}/tax-classes/{taxClassId}', () => {
  it('renders one tax class, 404 for an unknown one', async () => {
    const reduced = await call('/demo/tax-classes/reduced?locale=de_DE');
    const unknown = await call('/demo/tax-classes/zero');

    expect(reduced.status).toBe(200);
    expect(reduced.body).toEqual({ taxClassId: 'reduced', name: 'Ermäßigter Steuersatz', percentage: 7 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: '404', message: 'Tax class not found' });
  });

  it('needs products_read', async () => {
    const refused = await call('/demo/tax-classes/standard', { token: tokenFor('demo', ['customers_read']) });

    expect(refused.status).toBe(403);
  });
});

describe('GET /{shopId}/tax-model', () => {
  it('renders the shop tax model', async () => {
    const response = await call('/demo/tax-model');
    const other = await call('/other/tax-model');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      model: 'GROSS',
      displayTaxes: true,
      noTaxesMessage: null,
      deliveryThresholdIsActive: false,
      countryCode2: 'DE',
    });
    expect(other.status).toBe(200);
    expect(Object.keys(other.body).sort()).toEqual(
      ['countryCode2', 'deliveryThresholdIsActive', 'displayTaxes', 'model', 'noTaxesMessage'].sort(),
    );
  });

  it('answers 403 without products_read and 404 for an unknown shop', async () => {
    const refused = await call('/demo/tax-model', { token: tokenFor('demo', []) });
    const unknown = await call('/nowhere/tax-model', { token: tokenFor('nowhere') });

    expect(refused.status).toBe(403);
    expect(unknown.status).toBe(404);
  });
});
