import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { waitForBusEvents } from '../support/bus-events';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop } from '../support/shops';

/**
 * POST /{shopId}/products and DELETE /{shopId}/products/{productId} (docs/catalog.md
 * "Product writes") through real HTTP, on a private copy
 * of the demo shop: defaults, every refusal naming its field, uniqueness under racing POSTs, the
 * product in every read after the write and gone from every read after the delete, carts that hold
 * a deleted product, and the events.
 */

const create = (shop: string, body: unknown, query = '') =>
  call(`/${shop}/products${query}`, { method: 'POST', body });
const remove = (shop: string, productId: string) =>
  call(`/${shop}/products/${productId}`, { method: 'DELETE' });
const read = (shop: string, productId: string, query = '') => call(`/${shop}/products/${productId}${query}`);

describe('POST /{shopId}/products', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('prodcreate');
  });

  it('creates a product with the spec example: 201, Location, the product as GET returns it', async () => {
    const made = await create(shop, {
      name: 'Espresso beans 250 g',
      price: 8.9,
      stocklevel: 120,
      ean: '4006381333931',
      visible: true,
    });

    expect(made.status).toBe(201);
    const { productId } = made.body;
    expect(made.headers.get('location')).toBe(`/${shop}/products/${productId}`);
    expect(made.body).toMatchObject({
      name: 'Espresso beans 250 g',
      productVariationType: 'regular',
      images: [],
      productImage: null,
      forSale: true,
      visible: true,
      ean: '4006381333931',
      stocklevel: 120,
      availability: 'OnStock',
      priceInfo: { price: { amount: 8.9, currency: 'EUR' }, taxClass: { taxClassId: 'standard' } },
    });
    expect(made.body.productNumber).toEqual(expect.any(String));
    const got = await read(shop, productId);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(made.body);
    expect(got.headers.get('etag')).toBe(made.headers.get('etag'));
  });

  it('fills the defaults: invisible, not for sale without a price, untracked, the default tax class', async () => {
    const made = await create(shop, { productNumber: 'OWN-DEFAULTS-1' });

    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      productNumber: 'OWN-DEFAULTS-1',
      visible: false,
      forSale: false,
      stocklevel: null,
      searchKeywords: [],
      priceInfo: { price: null, taxClass: { taxClassId: 'standard' } },
    });
    // Invisible: a storefront's token gets 404, the merchant's own tool reads it back.
    const storefront = await call(`/${shop}/products/${made.body.productId}`, {
      token: tokenFor(shop, ['products_read']),
    });
    expect(storefront.status).toBe(404);
    expect((await read(shop, made.body.productId)).status).toBe(200);
  });

  it('stores texts for the query locale and prices for the query currency, the weight as given', async () => {
    const made = await create(
      shop,
      {
        name: 'Kaffeebohnen',
        price: 7.5,
        taxClassId: 'reduced',
        deliveryWeight: { amount: 250, unit: 'g' },
        searchKeywords: ['kaffee', 'bohnen'],
        visible: true,
      },
      '?locale=de_DE&currency=GBP',
    );

    expect(made.status).toBe(201);
    const inGbp = await read(shop, made.body.productId, '?locale=de_DE&currency=GBP');
    expect(inGbp.body).toMatchObject({
      name: 'Kaffeebohnen',
      deliveryWeight: { amount: 250, unit: 'g' },
      searchKeywords: ['kaffee', 'bohnen'],
      priceInfo: { price: { amount: 7.5, currency: 'GBP' }, taxClass: { taxClassId: 'reduced' } },
    });
    expect((await read(shop, made.body.productId, '?currency=EUR')).body.priceInfo.price).toBeNull();
  });

  it.each([
    ['{}', {}, 'name'],
    ['an unknown field', { name: 'x', colour: 'red' }, 'body'],
    ['a bad EAN check digit', { name: 'x', ean: '4006381333932' }, 'ean'],
    ['an EAN of 12 digits', { name: 'x', ean: '400638133393' }, 'ean'],
    ['a negative price', { name: 'x', price: -1 }, 'price'],
    ['a price with 3 decimals', { name: 'x', price: 1.234 }, 'price'],
    ['an unknown tax class', { name: 'x', taxClassId: 'luxury' }, 'taxClassId'],
    [
      'an unknown weight unit',
      { name: 'x', deliveryWeight: { amount: 1, unit: 'stone' } },
      'deliveryWeight.unit',
    ],
    ['a negative weight', { name: 'x', deliveryWeight: { amount: -1, unit: 'kg' } }, 'deliveryWeight.amount'],
    ['a blank product number', { productNumber: '  ' }, 'productNumber'],
    ['a string stock level', { name: 'x', stocklevel: '5' }, 'stocklevel'],
    ['keywords that are no list', { name: 'x', searchKeywords: 'a,b' }, 'searchKeywords'],
  ])('refuses %s: 400 naming the field, nothing created', async (_, body, field) => {
    const before = await call(`/${shop}/products?resultsPerPage=1&includeInvisible=true`);
    const refused = await create(shop, body);
    const after = await call(`/${shop}/products?resultsPerPage=1&includeInvisible=true`);

    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    if (field === 'body') expect(refused.text).toContain('colour');
    expect(after.body.results).toBe(before.body.results);
  });

  it('refuses a body that is no object and a currency or locale the shop lacks', async () => {
    expect((await create(shop, [])).status).toBe(400);
    const currency = await create(shop, { name: 'x' }, '?currency=USD');
    const locale = await create(shop, { name: 'x' }, '?locale=fr_FR');

    expect(currency.status).toBe(400);
    expect(currency.body.errors[0].field).toBe('currency');
    expect(locale.status).toBe(400);
    expect(locale.body.errors[0].field).toBe('locale');
  });

  it('refuses a taken product number with 409, a demo product’s included', async () => {
    const first = await create(shop, { productNumber: 'OWN-TWICE' });
    const second = await create(shop, { productNumber: 'OWN-TWICE' });
    const demo = await create(shop, { productNumber: 'NW-7020' });

    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(second.body.errors[0].field).toBe('productNumber');
    expect(demo.status).toBe(409);
  });

  it('of 10 concurrent POSTs with the same product number exactly one is created', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create(shop, { productNumber: 'OWN-RACE', name: `Race ${i}` })),
    );
    const statuses = answers.map((a) => a.status).sort();

    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const listed = await call(`/${shop}/products?q=OWN-RACE&includeInvisible=true`);
    expect(listed.body.items.map((p: { productNumber: string }) => p.productNumber)).toEqual(['OWN-RACE']);
  });

  it('shows a new product at once in lists, search and suggest, and raises ProductCreated', async () => {
    const made = await create(shop, {
      name: 'Zephyr thermos',
      productNumber: 'OWN-ZEPHYR',
      price: 20,
      visible: true,
    });
    const { productId } = made.body;

    const listed = await call(`/${shop}/products?q=zephyr`);
    const suggested = await call(`/${shop}/search/product-suggest?query=zeph`);
    const [event] = await waitForBusEvents(
      (e) => e.detailType === 'ProductCreated' && e.detail.productId === productId,
    );

    expect(listed.body.items.map((p: { productId: string }) => p.productId)).toEqual([productId]);
    expect(suggested.body.products.map((p: { productNumber: string }) => p.productNumber)).toEqual([
      'OWN-ZEPHYR',
    ]);
    expect(event?.detail).toEqual({
      shopId: shop,
      productId,
      productNumber: 'OWN-ZEPHYR',
      catalogVersion: expect.any(Number),
    });
  });
});

describe('DELETE /{shopId}/products/{productId}', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('proddelete');
  });

  it('deletes a product: 204, then 404 and gone from lists, search, suggest and categories; ProductDeleted', async () => {
    const made = await create(shop, {
      name: 'Quokka lamp',
      productNumber: 'OWN-QUOKKA',
      price: 12,
      visible: true,
    });
    const { productId } = made.body;
    await call(`/${shop}/product-category-assignments`, {
      method: 'POST',
      body: { categoryId: 'lights-tools', productId },
    });
    expect(
      (await call(`/${shop}/products?categoryId=lights-tools`)).body.items.map(
        (p: { productId: string }) => p.productId,
      ),
    ).toContain(productId);

    const deleted = await remove(shop, productId);

    expect(deleted.status).toBe(204);
    expect((await read(shop, productId, '?includeInvisible=true')).status).toBe(404);
    expect((await call(`/${shop}/products?q=quokka`)).body.items).toEqual([]);
    expect((await call(`/${shop}/search/product-suggest?query=quokka`)).body.products).toEqual([]);
    const inCategory = await call(`/${shop}/products?categoryId=lights-tools&resultsPerPage=100`);
    expect(inCategory.body.items.map((p: { productId: string }) => p.productId)).not.toContain(productId);
    const [event] = await waitForBusEvents(
      (e) => e.detailType === 'ProductDeleted' && e.detail.productId === productId,
    );
    expect(event?.detail).toEqual({ shopId: shop, productId, productNumber: 'OWN-QUOKKA' });
    expect((await remove(shop, productId)).status).toBe(404);
  });

  it('deleting a master deletes its variations; cross-selling and facets no longer show them', async () => {
    const deleted = await remove(shop, 'rain-jacket');

    expect(deleted.status).toBe(204);
    for (const id of ['rain-jacket', 'rain-jacket-black-m', 'rain-jacket-orange-xl'])
      expect((await read(shop, id, '?includeInvisible=true')).status).toBe(404);
    const jackets = await call(`/${shop}/products?categoryId=jackets&resultsPerPage=100`);
    expect(jackets.body.items.map((p: { productId: string }) => p.productId)).not.toContain('rain-jacket');
    const search = await call(`/${shop}/search/products?query=jacket`, { method: 'POST', body: {} });
    expect(JSON.stringify(search.body)).not.toContain('rain-jacket');
  });

  it('an unknown product is 404', async () => {
    const answer = await remove(shop, 'no-such-product');
    expect(answer.status).toBe(404);
  });

  it('a cart holding the deleted product keeps its line; its checkout is 409 for that line, available 0', async () => {
    const made = await create(shop, { name: 'Gone soon', price: 5, visible: true });
    const { productId } = made.body;
    const cart = await newCart(shop, { lineItems: [{ productId, quantity: 1 }] });
    await cart.call('/billing-address', { method: 'PUT', body: BILLING });

    expect((await remove(shop, productId)).status).toBe(204);
    const held = await cart.call('');
    const checkout = await cart.call('/order', { method: 'POST' });

    expect(held.status).toBe(200);
    expect(
      held.body.lineItemContainer.productLineItems.map((l: { productId: string }) => l.productId),
    ).toEqual([productId]);
    expect(checkout.status).toBe(409);
    expect(checkout.body.errors).toEqual([
      expect.objectContaining({ field: 'lineItemContainer.productLineItems[0]', available: 0 }),
    ]);
  });
});
