import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';

type Product = {
  productId: string;
  name: string;
  priceInfo: { price: { amount: number; formatted: string } };
  productVariationType: string;
};

describe('GET /{shopId}/products', () => {
  it('pages with the envelope and the defaults (page 1, 10 per page, by name)', async () => {
    const response = await call('/demo/products');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, resultsPerPage: 10, results: expect.any(Number) });
    expect(response.body.items).toHaveLength(10);
    const names = response.body.items.map((p: Product) => p.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base', numeric: true })),
    );
  });

  it('lists visible products and masters, never variations or invisible ones, across all pages exactly once', async () => {
    const first = await call('/demo/products?resultsPerPage=100');
    const ids: string[] = first.body.items.map((p: Product) => p.productId);
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => call(`/demo/products?resultsPerPage=10&page=${page}`)),
    );
    const paged = pages.flatMap((p) => p.body.items.map((item: Product) => item.productId));

    expect(first.body.results).toBe(ids.length);
    expect(paged).toEqual(ids);
    expect(ids).toContain('trail-tshirt');
    expect(ids).not.toContain('trail-tshirt-red-m');
    expect(ids).not.toContain('hidden-prototype');
    expect(new Set(first.body.items.map((p: Product) => p.productVariationType))).toEqual(
      new Set(['regular', 'master']),
    );
  });

  it('sorts by price both ways', async () => {
    const asc = await call('/demo/products?sort=price&direction=asc&resultsPerPage=100');
    const desc = await call('/demo/products?sort=price&direction=desc&resultsPerPage=100');

    const prices = asc.body.items.map((p: Product) => p.priceInfo.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(desc.body.items.map((p: Product) => p.priceInfo.price.amount)).toEqual([...prices].reverse());
  });

  it('answers in the requested locale and falls back to the default for an unknown one', async () => {
    const german = await call('/demo/products?sort=price&resultsPerPage=1&locale=de_DE');
    const fallback = await call('/demo/products?sort=price&resultsPerPage=1&locale=fr_FR');
    const english = await call('/demo/products?sort=price&resultsPerPage=1');

    expect(german.body.items[0].priceInfo.price.formatted).toMatch(/^\d+,\d\d\s€$/);
    expect(german.body.items[0].name).not.toBe(english.body.items[0].name);
    expect(fallback.body.items[0].name).toBe(english.body.items[0].name);
  });

  it('fills every Product field of the spec', async () => {
    const response = await call('/demo/products?resultsPerPage=100');
    const tent = response.body.items.find((p: Product) => p.productId === 'dome-tent-2p');

    for (const field of [
      'productId',
      'name',
      'title',
      'manufacturerProductNumber',
      'productNumber',
      'productImage',
      'sfUrl',
      'manufacturer',
      'productCode',
      'upc',
      'ean',
      'visible',
      'forSale',
      'specialOffer',
      'isProductNumberVisible',
      'isNew',
      'isManufacturerPriceRRP',
      'isShippingLinkVisible',
      'isCustomizable',
      'isInWishlist',
      'productVariationType',
      'productVariationMasterName',
      'productVariationMasterId',
      'productVariationSelection',
      'productLength',
      'productWidth',
      'productHeight',
      'shortDescription',
      'description',
      'deliveryPeriod',
      'availabilityText',
      'essentialFeatures',
      'customizableHeadlineText',
      'availability',
      'energyLabelsString',
      'energyLabelsMaxEfficiencyString',
      'energyLabelSourceFile',
      'productDataSheet',
      'customizableTextLength',
      'refAmount',
      'refContentAmount',
      'priceQuantity',
      'minOrder',
      'intervalOrder',
      'refUnit',
      'orderUnit',
      'newnessDate',
      'stocklevel',
      'minStocklevel',
      'searchKeywords',
      'deliveryWeight',
      'shippingMethodsRestrictedTo',
      'images',
      'videos',
      'priceInfo',
      'bulkPriceInfo',
      'customerSpecificPriceInfo',
      'gpsrInfo',
      'links',
    ]) {
      expect(tent, field).toHaveProperty(field);
    }
    expect(tent.priceInfo).toMatchObject({
      price: { amount: 229, currency: 'EUR', taxType: 'GROSS', formatted: '€229.00' },
      taxClass: { taxClassId: 'standard', percentage: 19 },
      manufacturerPrice: { currency: 'EUR' },
    });
    expect(tent.links.map((l: { rel: string }) => l.rel)).toEqual([
      'self',
      'categories',
      'producttype',
      'custom-attributes',
    ]);
  });

  it("gives a master its variations' lowest and highest price", async () => {
    const response = await call('/demo/products?resultsPerPage=100');
    const shirt = response.body.items.find((p: Product) => p.productId === 'trail-tshirt');

    expect(shirt.productVariationType).toBe('master');
    expect(shirt.priceInfo.lowestPrice.amount).toBe(34.9);
    expect(shirt.priceInfo.highestPrice.amount).toBe(37.9);
  });

  it.each([
    'page=0',
    'page=1.5',
    'page=abc',
    'resultsPerPage=0',
    'resultsPerPage=101',
    'sort=color',
    'direction=up',
    'currency=USD',
    'currency=eur',
    'locale=english',
  ])('answers 400 with errors[] for %s', async (query) => {
    const response = await call(`/demo/products?${query}`);

    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe(query.split('=')[0]);
  });

  it("shows only the path shop's catalog", async () => {
    const response = await call('/other/products?resultsPerPage=100');

    expect(response.status).toBe(200);
    expect(response.body.items.every((p: Product) => p.productId.startsWith('other-'))).toBe(true);
  });
});

describe('GET /{shopId}/products: filters (docs/catalog.md "Listing")', () => {
  const idsOf = (response: { body: { items: Product[] } }) => response.body.items.map((p) => p.productId);

  it('finds a case-insensitive substring of name, keywords, number, manufacturer or short description', async () => {
    // Act
    const byName = await call('/demo/products?q=MERINO&resultsPerPage=100');
    const byNumber = await call('/demo/products?q=bf-1040');
    const byMaker = await call('/demo/products?q=alpinox&resultsPerPage=100');

    // Assess
    expect(byName.status).toBe(200);
    expect(idsOf(byName)).toEqual(expect.arrayContaining(['trail-tshirt', 'merino-beanie']));
    expect(idsOf(byNumber)).toEqual(['trail-tshirt']);
    expect(byMaker.body.results).toBe(byMaker.body.items.length);
    expect(new Set(byMaker.body.items.map((p: { manufacturer: string }) => p.manufacturer))).toEqual(
      new Set(['Alpinox']),
    );
  });

  it('searches the request locale and the default locale', async () => {
    const german = await call('/demo/products?q=Wander&locale=de_DE&resultsPerPage=100');
    const english = await call('/demo/products?q=hiking&locale=de_DE&resultsPerPage=100');

    expect(idsOf(german)).toContain('trail-tshirt');
    expect(idsOf(english)).toContain('trail-tshirt');
  });

  it('matches a quoted phrase as a phrase and needs every term joined by +', async () => {
    const phrase = await call(`/demo/products?q=${encodeURIComponent('"rain jacket"')}`);
    const reversed = await call(`/demo/products?q=${encodeURIComponent('"jacket rain"')}`);
    const bothTerms = await call('/demo/products?q=titanium+mug');
    const literalPlus = await call('/demo/products?q=titanium%2Bmug');

    expect(idsOf(phrase)).toEqual(['rain-jacket']);
    expect(reversed.body).toMatchObject({ results: 0, items: [] });
    expect(idsOf(bothTerms)).toEqual(['titanium-mug']);
    expect(idsOf(literalPlus)).toEqual(['titanium-mug']);
  });

  it('lists a category with its subcategories', async () => {
    const clothing = await call('/demo/products?categoryId=clothing&resultsPerPage=100');
    const jackets = await call('/demo/products?categoryId=jackets&resultsPerPage=100');
    const unknown = await call('/demo/products?categoryId=no-such-category');

    expect(idsOf(clothing)).toEqual(expect.arrayContaining(['rain-jacket', 'trail-tshirt', 'merino-beanie']));
    expect(idsOf(clothing)).not.toContain('dome-tent-2p');
    expect(idsOf(jackets)).toEqual(expect.arrayContaining(['fleece-pullover', 'rain-jacket']));
    expect(idsOf(jackets)).not.toContain('trail-tshirt');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ results: 0, items: [] });
  });

  it('answers ids in their order, dropping unknown and invisible ones, variations included', async () => {
    const response = await call(
      '/demo/products?id=socks-pair-pack&id=nope&id=hidden-prototype&id=trail-tshirt-red-m&id=gas-stove&sort=price',
    );

    expect(response.status).toBe(200);
    expect(idsOf(response)).toEqual(['socks-pair-pack', 'trail-tshirt-red-m', 'gas-stove']);
    expect(response.body.results).toBe(3);
  });

  it('refuses more than 12 ids', async () => {
    const query = Array.from({ length: 13 }, (_, i) => `id=p${i}`).join('&');

    const response = await call(`/demo/products?${query}`);

    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('id');
  });

  it('shows invisible products only with includeInvisible=true and products_write', async () => {
    const readOnly = tokenFor('demo', ['products_read']);

    const refused = await call('/demo/products?includeInvisible=true', { token: readOnly });
    const allowedFalse = await call('/demo/products?includeInvisible=false&resultsPerPage=100', {
      token: readOnly,
    });
    const withHidden = await call('/demo/products?includeInvisible=true&resultsPerPage=100', {
      token: tokenFor('demo', ['products_read', 'products_write']),
    });

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: '403' });
    expect(idsOf(allowedFalse)).not.toContain('hidden-prototype');
    expect(idsOf(withHidden)).toContain('hidden-prototype');
    expect(idsOf(withHidden)).not.toContain('trail-tshirt-red-m');
  });

  it.each(['includeInvisible=yes', 'q=a&q=b', 'categoryId=a%23b'])('answers 400 for %s', async (query) => {
    const response = await call(`/demo/products?${query}`);

    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe(query.split('=')[0]);
  });
});

describe('GET /{shopId}/shipping-methods', () => {
  it('is a bare array with localized names and a null price where the method has none', async () => {
    const response = await call('/demo/shipping-methods?locale=de_DE');

    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const freight = response.body.find((m: { shippingMethodId: string }) => m.shippingMethodId === 'freight');
    const standard = response.body.find(
      (m: { shippingMethodId: string }) => m.shippingMethodId === 'dhl-standard',
    );
    expect(freight.price).toBeNull();
    expect(standard).toEqual({
      shippingMethodId: 'dhl-standard',
      name: 'Standardversand (DHL)',
      description: expect.any(String),
      logo: expect.any(String),
      price: {
        taxType: 'GROSS',
        amount: 4.9,
        currency: 'EUR',
        formatted: new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(4.9),
      },
    });
  });
});
