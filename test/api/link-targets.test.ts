import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import type { ShopFile } from '../../lib/schemas/shop-file';
import { call, tokenFor } from '../support/api';

/**
 * The targets of the products' `categories` link and of the carts' and orders' `shipping-method`
 * link (docs/catalog.md "Link targets"); test/api/links.test.ts follows them along a whole flow.
 */

let demo: ShopFile;
beforeAll(async () => {
  demo = await readShopFile('infra/local/seed/demo.json');
});
const reader = () => tokenFor('demo', ['products_read']);

describe('GET /{shopId}/products/{productId}/categories', () => {
  it('lists the categories the product is assigned to, in assignment order, as GET /categories lists them', async () => {
    // Prepare: a product in two categories
    const product = demo.products.find((p) => p.productId === 'fleece-pullover');
    const all = await call('/demo/categories?locale=de_DE', { token: reader() });

    // Act
    const response = await call('/demo/products/fleece-pullover/categories?locale=de_DE', {
      token: reader(),
    });

    // Assess
    expect(response.status).toBe(200);
    expect(product?.categoryIds).toEqual(['jackets', 'shirts']);
    expect(response.body).toEqual(
      product?.categoryIds.map((id) => all.body.find((c: { categoryId: string }) => c.categoryId === id)),
    );
    expect(response.body[0]).toMatchObject({ categoryId: 'jackets', links: [{ rel: 'products' }] });
  });

  it('leaves out categories not shown, unless includeInvisible (products_write)', async () => {
    // Prepare: hidden-prototype is invisible and sits in the invisible category prototypes
    const writer = tokenFor('demo', ['products_read', 'products_write']);

    // Act
    const hidden = await call('/demo/products/hidden-prototype/categories', { token: reader() });
    const forbidden = await call('/demo/products/hidden-prototype/categories?includeInvisible=true', {
      token: reader(),
    });
    const shown = await call('/demo/products/hidden-prototype/categories?includeInvisible=true', {
      token: writer,
    });

    // Assess
    expect(hidden.status).toBe(404);
    expect(forbidden.status).toBe(403);
    expect(shown.status).toBe(200);
    // Other files of the run assign this product to categories they create, so more may be listed.
    expect(shown.body).toContainEqual(expect.objectContaining({ categoryId: 'prototypes', visible: false }));
  });

  it('answers 404 "Product not found" for an unknown product and 403 without products_read', async () => {
    const unknown = await call('/demo/products/no-such-product/categories', { token: reader() });
    const refused = await call('/demo/products/trail-tshirt/categories', { token: tokenFor('demo', []) });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: '404', message: 'Product not found' });
    expect(refused.status).toBe(403);
  });
});

describe('GET /{shopId}/shipping-methods/{shippingMethodId}', () => {
  it('answers one method shaped as its element of GET /shipping-methods', async () => {
    // Prepare
    const list = await call('/demo/shipping-methods?locale=de_DE', { token: reader() });

    // Act
    const answers = await Promise.all(
      demo.shippingMethods.map((m) =>
        call(`/demo/shipping-methods/${m.shippingMethodId}?locale=de_DE`, { token: reader() }),
      ),
    );

    // Assess
    expect(answers.map((a) => a.status)).toEqual(demo.shippingMethods.map(() => 200));
    expect(answers.map((a) => a.body)).toEqual(list.body);
    expect(answers.find((a) => a.body.shippingMethodId === 'freight')?.body.price).toBeNull();
  });

  it('answers 404 "Shipping method not found" for an unknown id and 403 without products_read', async () => {
    const unknown = await call('/demo/shipping-methods/pigeon', { token: reader() });
    const refused = await call('/demo/shipping-methods/dhl-express', { token: tokenFor('demo', []) });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: '404', message: 'Shipping method not found' });
    expect(refused.status).toBe(403);
  });

  it("is where a cart's shipping-method link points", async () => {
    // Prepare
    const created = await call('/demo/carts', { method: 'POST', body: {} });
    const cartToken = created.headers.get('x-service-cart-token') ?? '';

    // Act
    const cart = await call(`/demo/carts/${created.body.cartId}/shipping-data`, {
      method: 'PUT',
      cartToken,
      body: { id: 'dhl-express' },
    });
    const href: string = cart.body.links.find((l: { rel: string }) => l.rel === 'shipping-method').href;
    const method = await call(new URL(href).pathname);

    // Assess
    expect(method.status).toBe(200);
    expect(method.body.shippingMethodId).toBe('dhl-express');
  });
});
