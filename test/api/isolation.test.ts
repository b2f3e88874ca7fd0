import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashCartToken } from '../../lib/domain/cart/cart-token';
import { matchRoute } from '../../lib/http/router';
import { routeList } from '../../lib/routes';
import { tokenFor } from '../support/api';
import { wireClient } from '../support/fuzz-http';
import { type Cell, runCells, sampleWire, wireRequest } from '../support/isolation-cells';
import { forgedTokenCases } from '../support/isolation-tokens';
import { type IsolationWorld, isolationWorld } from '../support/isolation-world';
import { useLocalTable } from '../support/local-env';
import { type SampleRequest, sampleRequests } from '../support/routes';

/**
 * Shop isolation, through real HTTP, over every route of the table (hardening: "isolation
 * matrix"). Each cell is one request that must be refused (403), must not find (404), must not
 * accept (400 naming the foreign id) or must not list what belongs to shop `other`, and whose
 * answer must not show any of the other shop's ids, names or secrets that the request did not send.
 */

const client = wireClient(inject('apiUrl'), 6);
let world: IsolationWorld;
let samples: SampleRequest[];
let cellCount = 0;
let tokenCaseCount = 0;

beforeAll(async () => {
  useLocalTable();
  world = await isolationWorld();
  // Token cells are refused before any handler runs, so one set of samples serves every case.
  samples = await sampleRequests();
});

afterAll(() => {
  console.log(
    `isolation matrix: ${cellCount} cells over ${routeList.length} routes (${tokenCaseCount} forged token cases)`,
  );
  client.close();
});

async function assess(cells: Cell[]) {
  cellCount += cells.length;
  const problems = await runCells(cells, client.send, world.fingerprints);
  expect(problems).toEqual([]);
}

const cartIdOf = (sample: SampleRequest) =>
  (matchRoute(sample.method, sample.path.split('?')[0] as string) as { params: Record<string, string> })
    .params.cartId as string;

/** Checks a list answer holds no item whose id the other shop owns. */
const listsNothingOf =
  (ids: () => readonly string[]) =>
  (_: unknown, body: any): string | undefined => {
    const items: any[] = Array.isArray(body) ? body : (body?.items ?? []);
    const foreign = items.filter((i) => ids().some((id) => JSON.stringify(i).includes(`"${id}"`)));
    return foreign.length > 0 ? `lists ${foreign.length} item(s) of shop other` : undefined;
  };

/** A 400 must name the foreign id in its field errors (docs/security.md "Isolation by key design"). */
const names =
  (id: string) =>
  (_: unknown, body: any): string | undefined =>
    JSON.stringify(body?.errors ?? []).includes(id) ? undefined : `the 400 does not name ${id}`;

describe('isolation matrix', () => {
  it('refuses forged and unfit tokens on every route (403)', async () => {
    const cases = forgedTokenCases();
    tokenCaseCount = cases.length;
    const cells = cases.flatMap((c) =>
      samples
        .filter((s) => !c.scopedRoutesOnly || s.route.scope !== null)
        .map((sample) => ({
          name: `${sample.route.name} with ${c.name}`,
          request: sampleWire(sample, { token: c.token }),
          expect: [403],
          check: (response: { text: string }) =>
            response.text.includes(c.token) ? 'echoes the token' : undefined,
        })),
    );

    await assess(cells);
  });

  it("refuses a demo token on every route of shop other, and other's token on demo (403)", async () => {
    const cells = samples.flatMap((sample) => [
      {
        name: `${sample.route.name} of shop other with a demo token`,
        request: sampleWire(sample, { path: sample.path.replace(/^\/demo(?=[/?]|$)/, '/other') }),
        expect: [403],
      },
      {
        name: `${sample.route.name} with the other shop's token and its cart token`,
        request: sampleWire(sample, { token: tokenFor('other'), cartToken: world.other.cartToken }),
        expect: [403],
      },
    ]);

    await assess(cells);
  });

  it('keeps carts apart: a cart answers only to its own token, and only in its own shop', async () => {
    const { other, demo } = world;
    const cells = samples
      .filter((s) => s.route.cartToken)
      .flatMap((sample) => {
        const foreignPath = sample.path.replace(`/carts/${cartIdOf(sample)}`, `/carts/${other.cartId}`);
        return [
          {
            name: `${sample.route.name} with the cart token of another demo cart`,
            request: sampleWire(sample, { cartToken: demo.cartB.cartToken }),
            expect: [403],
          },
          {
            name: `${sample.route.name} with the cart token of a cart of shop other`,
            request: sampleWire(sample, { cartToken: other.cartToken }),
            expect: [403],
          },
          {
            name: `${sample.route.name} on a cart of shop other with its own cart token`,
            request: sampleWire(sample, { path: foreignPath, cartToken: other.cartToken }),
            expect: [404],
          },
          {
            name: `${sample.route.name} on a cart of shop other with a demo cart token`,
            request: sampleWire(sample, { path: foreignPath }),
            expect: [404],
          },
          {
            name: `${sample.route.name} without a cart token`,
            request: { ...sampleWire(sample), headers: withoutCartToken(sampleWire(sample).headers) },
            expect: [403],
          },
        ];
      });

    await assess(cells);
  });

  it("never finds, lists or accepts the other shop's ids in path, query or body", async () => {
    const { other, demo } = world;
    const a = demo.cartA;
    const cart = (suffix: string, options: Parameters<typeof wireRequest>[1] = {}) =>
      wireRequest(`/demo/carts/${a.cartId}${suffix}`, { cartToken: a.cartToken, ...options });
    const otherProducts = () => ['other-notebook-a5', 'other-fountain-pen', 'other-pencil-set'];
    const missing = (name: string, request: Cell['request']): Cell => ({ name, request, expect: [404] });
    const notFound = (name: string, path: string, options: Parameters<typeof wireRequest>[1] = {}) =>
      missing(name, wireRequest(path, options));
    const refused = (name: string, request: Cell['request'], id: string): Cell => ({
      name,
      request,
      expect: [400],
      check: names(id),
    });
    const listed = (name: string, path: string, options: Parameters<typeof wireRequest>[1] = {}): Cell => ({
      name,
      request: wireRequest(path, options),
      expect: [200],
      check: listsNothingOf(() => [...otherProducts(), 'other-stationery', other.orderId, other.customerId]),
    });
    const cells: Cell[] = [
      // Products: path ids.
      ...['', '/variations', '/crossselling', '/custom-attributes', '/categories'].flatMap((suffix) => [
        notFound(`product of other${suffix}`, `/demo/products/other-notebook-a5${suffix}`),
        notFound(
          `invisible product of other${suffix}`,
          `/demo/products/other-notebook-a5${suffix}?includeInvisible=true`,
        ),
      ]),
      notFound(
        'custom attributes of a product of other',
        '/demo/products/other-fountain-pen/custom-attributes',
        {
          method: 'PATCH',
          body: [{ op: 'add', path: '/', value: { key: 'Engraving', displayValue: 'x' } }],
        },
      ),
      // Products: query and search.
      listed('product list by the id of other', '/demo/products?id=other-notebook-a5'),
      listed(
        'product list by mixed ids',
        '/demo/products?id=other-notebook-a5&id=trail-tshirt&id=other-pencil-set',
      ),
      listed('product list, invisible included', '/demo/products?id=other-notebook-a5&includeInvisible=true'),
      {
        ...listed('product list by a category of other', '/demo/products?categoryId=other-stationery'),
        expect: [200, 400, 404],
      },
      listed('product list by a name of other', `/demo/products?q=${encodeURIComponent('Dotted Notebook')}`),
      listed('product list by the manufacturer of other', '/demo/products?q=Nordlicht'),
      listed('product search for a name of other', '/demo/search/products', {
        method: 'POST',
        body: { query: 'Fountain Pen' },
      }),
      listed('product search in a category of other', '/demo/search/products', {
        method: 'POST',
        body: { attributeFilters: [{ fieldName: 'CategoryID', attributeValue: 'other-stationery' }] },
      }),
      listed('product search by the manufacturer of other', '/demo/search/products', {
        method: 'POST',
        body: { attributeFilters: [{ fieldName: 'Manufacturer', attributeValue: 'Nordlicht' }] },
      }),
      // Categories and assignments.
      ...['other-root', 'other-stationery'].flatMap((id) => [
        notFound(`category ${id}`, `/demo/categories/${id}?includeInvisible=true`),
        notFound(`sequence of ${id}`, `/demo/categories/${id}/sequence`),
        notFound(`new subcategory of ${id}`, `/demo/categories/${id}`, {
          method: 'POST',
          body: { alias: 'x' },
        }),
        notFound(`update of ${id}`, `/demo/categories/${id}`, {
          method: 'PUT',
          body: { categoryId: id, name: 'x' },
        }),
        notFound(`new sequence of ${id}`, `/demo/categories/${id}/sequence`, { method: 'PUT', body: [] }),
        notFound(`delete of ${id}`, `/demo/categories/${id}`, { method: 'DELETE' }),
      ]),
      listed('category tree', '/demo/categories?includeInvisible=true'),
      refused(
        'assignment to a category of other',
        wireRequest('/demo/product-category-assignments', {
          method: 'POST',
          body: { categoryId: 'other-stationery', productId: 'trail-tshirt' },
        }),
        'other-stationery',
      ),
      refused(
        'assignment of a product of other',
        wireRequest('/demo/product-category-assignments', {
          method: 'POST',
          rawBody: 'categoryId=clothing&productId=other-notebook-a5',
          contentType: 'application/x-www-form-urlencoded',
        }),
        'other-notebook-a5',
      ),
      refused(
        'assignment removal in a category of other',
        wireRequest('/demo/product-category-assignments?categoryId=other-stationery&productId=trail-tshirt', {
          method: 'DELETE',
        }),
        'other-stationery',
      ),
      refused(
        'assignment removal of a product of other',
        wireRequest('/demo/product-category-assignments?categoryId=clothing&productId=other-fountain-pen', {
          method: 'DELETE',
        }),
        'other-fountain-pen',
      ),
      // Tax, product types, shipping, legal.
      notFound('tax class of other', '/demo/tax-classes/other-standard'),
      notFound('shipping method of other', '/demo/shipping-methods/other-letter-parcel'),
      notFound('product type of demo asked in shop other', '/other/producttypes/apparel', {
        token: tokenFor('other'),
      }),
      notFound('product of demo asked in shop other', '/other/products/trail-tshirt', {
        token: tokenFor('other'),
      }),
      listed('tax classes', '/demo/tax-classes'),
      listed('shipping methods', '/demo/shipping-methods'),
      listed('tax model', '/demo/tax-model'),
      listed('legal contact information', '/demo/legal/contact-information'),
      // Customers and orders.
      ...['other-customer-1', other.customerId].flatMap((id) => [
        notFound(`customer ${id}`, `/demo/customers/${id}`),
        notFound(`patch of customer ${id}`, `/demo/customers/${id}`, {
          method: 'PATCH',
          body: [{ op: 'replace', path: '/internalNote', value: 'x' }],
        }),
        listed(`orders of customer ${id}`, `/demo/orders?customerId=${id}`),
      ]),
      listed('customer list', '/demo/customers?resultsPerPage=100'),
      notFound('order of other', `/demo/orders/${other.orderId}`),
      notFound('documents of an order of other', `/demo/orders/${other.orderId}/documents?includePdf=true`),
      notFound('new document of an order of other', `/demo/orders/${other.orderId}/documents`, {
        method: 'POST',
        body: { documentType: 'CreditNote' },
      }),
      listed('order list', '/demo/orders?resultsPerPage=100'),
      {
        ...listed('cart list', '/demo/carts?resultsPerPage=100'),
        check: (response, body) =>
          [demo.cartA.cartToken, hashCartToken(demo.cartA.cartToken)].some((secret) =>
            response.text.includes(secret),
          )
            ? 'shows a cart token or its hash'
            : listsNothingOf(() => [other.cartId])(response, body),
      },
      // Carts: products, shipping methods and line items of the other shop or another cart.
      refused(
        'new cart with a product of other',
        wireRequest('/demo/carts', {
          method: 'POST',
          body: { lineItems: [{ productId: 'other-notebook-a5', quantity: 1 }] },
        }),
        'other-notebook-a5',
      ),
      {
        name: 'new cart with a product of other, forced',
        request: wireRequest('/demo/carts', {
          method: 'POST',
          body: {
            forceCreate: true,
            lineItems: [
              { productId: 'other-notebook-a5', quantity: 1 },
              { productId: 'espresso-beans', quantity: 1 },
            ],
          },
        }),
        expect: [201],
        check: (_, body) =>
          body?.lineItemContainer?.productLineItems?.some((l: any) => l.productId.startsWith('other-'))
            ? 'the cart holds a product of other'
            : undefined,
      },
      refused(
        'line item of a product of other',
        cart('/line-items', { method: 'POST', body: { productId: 'other-notebook-a5', quantity: 1 } }),
        'other-notebook-a5',
      ),
      refused(
        'line items with a product of other',
        cart('/multi-line-items', { method: 'POST', body: [{ productId: 'other-pencil-set', quantity: 1 }] }),
        'other-pencil-set',
      ),
      refused(
        'shipping method of other',
        cart('/shipping-data', { method: 'PUT', body: { id: 'other-letter-parcel' } }),
        'other-letter-parcel',
      ),
      ...[
        ['a line item of shop other', other.lineItemId],
        ['a line item of another demo cart', demo.cartB.lineItemId],
      ].flatMap(([what, lineItemId]) => [
        missing(
          `quantity of ${what}`,
          cart(`/line-items/${lineItemId}`, { method: 'PUT', body: { quantity: 2 } }),
        ),
        missing(`removal of ${what}`, cart(`/line-items/${lineItemId}`, { method: 'DELETE' })),
        missing(
          `price of ${what}`,
          cart(`/line-items/${lineItemId}/product-price`, { method: 'PUT', body: { singleItemPrice: 1 } }),
        ),
      ]),
      missing(
        'removal of the coupon of another demo cart',
        cart(`/coupon/${demo.cartB.couponLineItemId}`, { method: 'DELETE' }),
      ),
      {
        name: 'a demo coupon code on a cart of shop other',
        request: wireRequest(`/other/carts/${other.cartId}/coupon`, {
          method: 'POST',
          token: tokenFor('other'),
          cartToken: other.cartToken,
          body: { code: 'WELCOME10' },
        }),
        expect: [400],
      },
      // Path tricks: traversal, encoded separators, another case of the shop id, the key separator.
      notFound(
        'encoded traversal to a product of other',
        '/demo/products/..%2F..%2Fother%2Fproducts%2Fother-notebook-a5',
      ),
      notFound('raw traversal to a product of other', '/demo/../other/products/other-notebook-a5'),
      {
        name: 'an encoded shop id climbing to other',
        request: wireRequest('/demo%2F..%2Fother/products/other-notebook-a5'),
        expect: [403],
      },
      { name: 'the shop id in capitals', request: wireRequest('/DEMO/products'), expect: [403] },
      {
        name: 'the key separator in an id',
        request: wireRequest('/demo/products/other-notebook-a5%23'),
        expect: [400, 404],
      },
      {
        name: 'the key separator in a cart id',
        request: wireRequest(`/demo/carts/${a.cartId}%23CART`, { cartToken: a.cartToken }),
        expect: [400, 404],
      },
    ];

    await assess(cells);
  });

  it('replays a checkout (Idempotency-Key) only to the holder of the cart token', async () => {
    // Prepare
    const { cartB } = world.demo;
    const key = `iso-${Date.now()}`;
    await client.send({
      ...wireRequest(`/demo/carts/${cartB.cartId}/billing-address`, {
        method: 'PUT',
        cartToken: cartB.cartToken,
        body: { country: 'DE', emailAddress: 'iso-replay@example.com', lastName: 'Replay' },
      }),
    });
    const order = (cartToken?: string) => {
      const request = wireRequest(`/demo/carts/${cartB.cartId}/order`, { method: 'POST', cartToken });
      return { ...request, headers: { ...request.headers, 'idempotency-key': key } };
    };
    const placed = await client.send(order(cartB.cartToken));

    // Act + Assess
    expect(placed.status).toBe(201);
    await assess([
      { name: 'checkout replay without the cart token', request: order(), expect: [403] },
      {
        name: 'checkout replay with another cart token',
        request: order(world.demo.cartA.cartToken),
        expect: [403],
      },
      { name: 'checkout replay with the cart token', request: order(cartB.cartToken), expect: [201] },
    ]);
  });

  it('covers at least every route with every forged token case', () => {
    expect(cellCount).toBeGreaterThanOrEqual(routeList.length * tokenCaseCount);
  });
});

function withoutCartToken(headers: Record<string, string>): Record<string, string> {
  const { 'x-service-cart-token': _, ...rest } = headers;
  return rest;
}
