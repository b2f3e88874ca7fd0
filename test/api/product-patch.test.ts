import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { busEvents, waitForBusEvents } from '../support/bus-events';
import { privateDemoShop } from '../support/shops';

/**
 * PATCH /{shopId}/products/{productId} on every path of docs/catalog.md "Product writes", with
 * the op rules of docs/api-rules.md "JSON Patch" (add, remove, replace per path; test, move, copy and unknown
 * paths refused naming the operation), all or nothing, If-Match, uniqueness of product numbers, variations,
 * and ProductUpdated. Stock paths: test/api/inventory-patch.test.ts. Every test patches products it
 * created itself, in a private copy of the demo shop.
 */

const patch = (
  shop: string,
  productId: string,
  body: unknown,
  query = '',
  headers: Record<string, string> = {},
) => call(`/${shop}/products/${productId}${query}`, { method: 'PATCH', body, headers });
const read = (shop: string, productId: string, query = '') => call(`/${shop}/products/${productId}${query}`);

describe('PATCH /{shopId}/products/{productId}: every path', () => {
  let shop: string;
  let seq = 0;
  /** A fresh product of this file's own, visible, 10 EUR. */
  const own = async (fields: Record<string, unknown> = {}) => {
    seq++;
    const made = await call(`/${shop}/products`, {
      method: 'POST',
      body: { name: `Own ${seq}`, productNumber: `OWN-P-${seq}`, price: 10, visible: true, ...fields },
    });
    if (made.status !== 201) throw new Error(`create refused: ${made.text}`);
    return made.body.productId as string;
  };
  beforeAll(async () => {
    shop = await privateDemoShop('prodpatch');
  });

  it('sets and removes the texts in the request locale, keeping the others', async () => {
    const id = await own();
    const set = await patch(
      shop,
      id,
      [
        { op: 'add', path: '/name', value: 'Eigener Name' },
        { op: 'add', path: '/shortDescription', value: 'Kurz' },
        { op: 'add', path: '/description', value: '<p>Lang</p>' },
        { op: 'add', path: '/essentialFeatures', value: 'Leicht' },
        { op: 'add', path: '/deliveryPeriod', value: '2 Tage' },
        { op: 'add', path: '/manufacturer', value: 'Acme' },
        { op: 'add', path: '/manufacturerProductNumber', value: 'AC-1' },
        { op: 'add', path: '/upc', value: '036000291452' },
      ],
      '?locale=de_DE',
    );
    const english = await read(shop, id, '?locale=en_GB');
    const removed = await patch(shop, id, [{ op: 'remove', path: '/shortDescription' }], '?locale=de_DE');

    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      name: 'Eigener Name',
      shortDescription: 'Kurz',
      description: '<p>Lang</p>',
      essentialFeatures: 'Leicht',
      deliveryPeriod: '2 Tage',
      manufacturer: 'Acme',
      manufacturerProductNumber: 'AC-1',
      upc: '036000291452',
    });
    expect(english.body.name).toBe(`Own ${seq}`);
    expect(removed.body.shortDescription).toBeNull();
    expect(removed.body.name).toBe('Eigener Name');
  });

  it('sets prices in the request currency and in any shop currency; removing the price ends the sale', async () => {
    const id = await own();
    const priced = await patch(shop, id, [
      { op: 'add', path: '/priceInfo/price/amount', value: 12.5 },
      { op: 'add', path: '/priceInfo/manufacturerPrice/amount', value: 15 },
      { op: 'add', path: '/priceInfo/depositPrice/amount', value: 0.25 },
      { op: 'add', path: '/prices/GBP', value: 11 },
    ]);
    const gbp = await read(shop, id, '?currency=GBP');
    const replaced = await patch(
      shop,
      id,
      [{ op: 'replace', path: '/prices/GBP', value: 9.5 }],
      '?currency=GBP',
    );
    const unpriced = await patch(shop, id, [
      { op: 'remove', path: '/priceInfo/price/amount' },
      { op: 'remove', path: '/prices/GBP' },
    ]);

    expect(priced.status).toBe(200);
    expect(priced.body.priceInfo).toMatchObject({
      price: { amount: 12.5 },
      manufacturerPrice: { amount: 15 },
      depositPrice: { amount: 0.25 },
      priceWithDeposits: { amount: 12.75 },
    });
    expect(gbp.body.priceInfo.price).toMatchObject({ amount: 11, currency: 'GBP' });
    expect(replaced.body.priceInfo.price).toMatchObject({ amount: 9.5, currency: 'GBP' });
    expect(unpriced.body.priceInfo.price).toBeNull();
    expect(unpriced.body.forSale).toBe(false);
  });

  it('sets the tax class, and remove goes back to the default class', async () => {
    const id = await own();
    const reduced = await patch(shop, id, [
      { op: 'replace', path: '/priceInfo/taxClass/taxClassId', value: 'reduced' },
    ]);
    const back = await patch(shop, id, [{ op: 'remove', path: '/priceInfo/taxClass/taxClassId' }]);

    expect(reduced.body.priceInfo.taxClass.taxClassId).toBe('reduced');
    expect(back.body.priceInfo.taxClass.taxClassId).toBe('standard');
  });

  it('sets dimensions, EAN, keywords, visibility and the product number', async () => {
    const id = await own();
    const changed = await patch(shop, id, [
      { op: 'add', path: '/productLength', value: 120 },
      { op: 'add', path: '/productWidth', value: 80.5 },
      { op: 'add', path: '/ean', value: '96385074' },
      { op: 'add', path: '/searchKeywords', value: ['flask', 'steel'] },
      { op: 'add', path: '/visible', value: false },
      { op: 'add', path: '/productNumber', value: `OWN-RENAMED-${seq}` },
    ]);
    const cleared = await patch(shop, id, [
      { op: 'remove', path: '/productWidth' },
      { op: 'remove', path: '/ean' },
      { op: 'remove', path: '/searchKeywords' },
    ]);

    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      productLength: 120,
      productWidth: 80.5,
      productHeight: null,
      ean: '96385074',
      searchKeywords: ['flask', 'steel'],
      visible: false,
      productNumber: `OWN-RENAMED-${seq}`,
    });
    expect(cleared.body).toMatchObject({
      productLength: 120,
      productWidth: null,
      ean: null,
      searchKeywords: [],
    });
  });

  it('an empty patch is 200 and changes nothing', async () => {
    const id = await own();
    const before = await read(shop, id);
    const answer = await patch(shop, id, []);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(answer.body).toEqual(before.body);
  });

  it.each([
    ['a test op', { op: 'test', path: '/name', value: 'x' }, '[1].op'],
    ['a move op', { op: 'move', path: '/name', from: '/description' }, '[1].op'],
    ['a copy op', { op: 'copy', path: '/name', from: '/description' }, '[1].op'],
    ['replace where the table has none', { op: 'replace', path: '/name', value: 'x' }, '[1].op'],
    ['remove of the product number', { op: 'remove', path: '/productNumber' }, '[1].op'],
    ['an unknown path', { op: 'add', path: '/colour', value: 'red' }, '[1].path'],
    [
      'a main image the product does not have',
      { op: 'add', path: '/productImage', value: 'a.jpg' },
      '[1].value',
    ],
    ['remove of the main image', { op: 'remove', path: '/productImage' }, '[1].op'],
    ['a currency the shop lacks', { op: 'add', path: '/prices/USD', value: 1 }, '[1].path'],
    ['a bad EAN', { op: 'add', path: '/ean', value: '4006381333932' }, '[1].value'],
    ['a negative price', { op: 'add', path: '/priceInfo/price/amount', value: -1 }, '[1].value'],
    [
      'an unknown tax class',
      { op: 'add', path: '/priceInfo/taxClass/taxClassId', value: 'luxury' },
      '[1].value',
    ],
    ['a string for visible', { op: 'add', path: '/visible', value: 'yes' }, '[1].value'],
    ['no value', { op: 'add', path: '/name' }, '[1].value'],
    ['a negative length', { op: 'add', path: '/productHeight', value: -3 }, '[1].value'],
  ])('refuses %s naming the operation; nothing of the patch is stored', async (_, operation, field) => {
    const id = await own();
    const before = await read(shop, id);
    const refused = await patch(shop, id, [{ op: 'add', path: '/name', value: 'Changed' }, operation]);
    const after = await read(shop, id);

    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(after.body).toEqual(before.body);
  });

  it('refuses a body that is no array', async () => {
    const id = await own();
    for (const body of [{}, { op: 'add', path: '/name', value: 'x' }, 'x', null]) {
      const refused = await patch(shop, id, body);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('Request body must be a JSON Patch array');
    }
  });

  it('applies operations in order, each on what the previous left; a later failure stores none (stock included)', async () => {
    const id = await own({ stocklevel: 5 });
    const ordered = await patch(shop, id, [
      { op: 'add', path: '/name', value: 'First' },
      { op: 'remove', path: '/name' },
      { op: 'add', path: '/name', value: 'Third' },
      { op: 'add', path: '/stocklevel', value: 2 },
    ]);
    const failed = await patch(shop, id, [
      { op: 'add', path: '/stocklevel', value: 100 },
      { op: 'add', path: '/priceInfo/manufacturerPrice/amount', value: 3 },
      { op: 'remove', path: '/priceInfo/price/amount' },
      { op: 'add', path: '/priceInfo/depositPrice/amount', value: 1 },
    ]);
    const after = await read(shop, id);

    expect(ordered.body).toMatchObject({ name: 'Third', stocklevel: 7 });
    expect(failed.status).toBe(400);
    expect(failed.body.errors.map((e: { field: string }) => e.field)).toEqual(['[3].path']);
    expect(after.body).toMatchObject({ stocklevel: 7, priceInfo: { manufacturerPrice: null } });
  });

  it('a product number another product has is 409, and nothing changes', async () => {
    const id = await own();
    const taken = await patch(shop, id, [
      { op: 'add', path: '/name', value: 'Renamed' },
      { op: 'add', path: '/productNumber', value: 'NW-7020' },
    ]);

    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].field).toBe('productNumber');
    expect((await read(shop, id)).body.name).not.toBe('Renamed');
  });

  it('honours If-Match: a stale ETag is 412 and changes nothing; the current one and * pass', async () => {
    const id = await own();
    const first = await read(shop, id);
    const etag = first.headers.get('etag') as string;
    const current = await patch(shop, id, [{ op: 'add', path: '/name', value: 'A' }], '', {
      'If-Match': etag,
    });
    const stale = await patch(shop, id, [{ op: 'add', path: '/name', value: 'B' }], '', { 'If-Match': etag });
    const any = await patch(shop, id, [{ op: 'add', path: '/name', value: 'C' }], '', { 'If-Match': '*' });

    expect(current.status).toBe(200);
    expect(current.headers.get('etag')).not.toBe(etag);
    expect(stale.status).toBe(412);
    expect(any.status).toBe(200);
    expect(any.body.name).toBe('C');
  });

  it('of 5 concurrent PATCHes with the same If-Match exactly one is applied, the others 412', async () => {
    const id = await own();
    const etag = (await read(shop, id)).headers.get('etag') as string;

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        patch(shop, id, [{ op: 'add', path: '/name', value: `Racer ${i}` }], '', { 'If-Match': etag }),
      ),
    );

    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412]);
    const winner = answers.find((a) => a.status === 200);
    expect((await read(shop, id)).body.name).toBe(winner?.body.name);
  });

  it('patches a variation by its own id; its master and the demo catalog reads see it', async () => {
    const changed = await patch(shop, 'trail-tshirt-red-m', [
      { op: 'add', path: '/priceInfo/price/amount', value: 1.5 },
    ]);
    const lowest = await call(`/${shop}/products/trail-tshirt/lowest-price`);

    expect(changed.status).toBe(200);
    expect(changed.body.productVariationType).toBe('variation');
    expect(changed.body.priceInfo.price.amount).toBe(1.5);
    expect(lowest.body.priceInfo.price.amount).toBe(1.5);
  });

  it('is seen at once by lists, search and suggest, and raises ProductUpdated with the paths', async () => {
    const id = await own();
    await patch(shop, id, [
      { op: 'add', path: '/name', value: 'Xylophone deluxe' },
      { op: 'add', path: '/prices/GBP', value: 3 },
    ]);

    const listed = await call(`/${shop}/products?q=xylophone`);
    const suggested = await call(`/${shop}/search/product-suggest?query=xyloph`);
    const [event] = await waitForBusEvents(
      (e) => e.detailType === 'ProductUpdated' && e.detail.productId === id,
    );

    expect(listed.body.items.map((p: { productId: string }) => p.productId)).toEqual([id]);
    expect(suggested.body.products.map((p: { name: string }) => p.name)).toEqual(['Xylophone deluxe']);
    expect(event?.detail).toEqual({
      shopId: shop,
      productId: id,
      changedFields: ['/name', '/prices/GBP'],
      catalogVersion: expect.any(Number),
    });
  });

  it('a stock change by an order raises no ProductUpdated', async () => {
    const id = await own({ stocklevel: 3 });
    const cart = await call(`/${shop}/carts`, {
      method: 'POST',
      body: { lineItems: [{ productId: id, quantity: 1 }] },
    });
    const cartToken = cart.headers.get('x-service-cart-token') as string;
    const base = `/${shop}/carts/${cart.body.cartId}`;
    await call(`${base}/billing-address`, {
      method: 'PUT',
      cartToken,
      body: {
        firstName: 'A',
        lastName: 'B',
        street: 'S 1',
        zipCode: '12345',
        city: 'C',
        country: 'DE',
        emailAddress: 'a@example.com',
      },
    });
    const order = await call(`${base}/order`, { method: 'POST', cartToken });

    expect(order.status).toBe(201);
    await waitForBusEvents((e) => e.detailType === 'order.created' && e.detail.cartId === cart.body.cartId);
    expect(busEvents((e) => e.detailType === 'ProductUpdated' && e.detail.productId === id)).toEqual([]);
  });
});
