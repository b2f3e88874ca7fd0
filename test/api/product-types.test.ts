import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';

describe('GET /{shopId}/producttypes/{productTypeId}', () => {
  it('renders the product type with its attributes from the attribute definitions', async () => {
    // Act
    const response = await call('/demo/producttypes/equipment');

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Outdoor equipment',
      productTypeId: 'equipment',
      alias: 'equipment',
    });
    const [color, material, engraving] = response.body.attributes;
    expect(response.body.attributes).toHaveLength(3);
    expect(color).toMatchObject({ visible: true, name: 'Colour', preDefAttribute: true });
    expect(color.values).toContainEqual({ value: 'red', name: 'Red' });
    expect(material.values).toContainEqual({ value: 'stainless-steel', name: 'Stainless steel' });
    expect(engraving).toEqual({ visible: true, name: 'Engraving', values: [], preDefAttribute: false });
  });

  it('answers in the requested locale, falling back to the default', async () => {
    const german = await call('/demo/producttypes/apparel?locale=de_DE');
    const fallback = await call('/demo/producttypes/apparel?locale=pl_PL');

    expect(german.body.name).toBe('Bekleidung');
    expect(german.body.attributes.map((a: { name: string }) => a.name)).toEqual([
      'Farbe',
      'Größe',
      'Material',
    ]);
    expect(german.body.attributes[0].values).toContainEqual({ value: 'green', name: 'Grün' });
    expect(fallback.body.name).toBe('Apparel');
  });

  it('answers 404 for an unknown product type, 403 without products_read, 400 for a bad locale', async () => {
    const unknown = await call('/demo/producttypes/vehicles');
    const refused = await call('/demo/producttypes/apparel', { token: tokenFor('demo', ['products_write']) });
    const badLocale = await call('/demo/producttypes/apparel?locale=deutsch');

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: '404', message: 'Product type not found' });
    expect(refused.status).toBe(403);
    expect(badLocale.status).toBe(400);
  });
});
