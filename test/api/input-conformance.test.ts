import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../lib/routes';
import { call } from '../support/api';
import { BILLING, newCart, orderableCart } from '../support/carts';
import { privateDemoShop } from '../support/shops';

/**
 * Conformance of the input checks (docs/decisions.md "Input text", "Empty bodies", "Check order"):
 * strings must be well-formed Unicode without control characters, bodies that a route needs must
 * be there, and a cart route says who you are and what you address before what you sent.
 */

let shop: string;

beforeAll(async () => {
  shop = await privateDemoShop('input');
});

/** A lone UTF-16 surrogate as JSON writes it: `"\ud9d2"` on the wire. */
const LONE = '\ud9d2';

describe('strings must be well-formed Unicode without control characters', () => {
  it('answers 400 naming the field for a lone surrogate in a customer e-mail address (was 500)', async () => {
    const response = await call(`/${shop}/customers`, {
      method: 'POST',
      rawBody: `{"billingAddress":{"country":"DE","emailAddress":"\\ud9d2"}}`,
    });

    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({
      field: 'billingAddress.emailAddress',
      message: expect.stringMatching(/Unicode/),
    });
  });

  it('answers 400 for a customer e-mail address that is not one, on POST and PATCH', async () => {
    const created = await call(`/${shop}/customers`, {
      method: 'POST',
      body: { billingAddress: { country: 'DE', emailAddress: 'not an address' } },
    });
    const customer = await call(`/${shop}/customers`, {
      method: 'POST',
      body: { billingAddress: { country: 'DE', emailAddress: 'ok@example.com' } },
    });
    const patchField = await call(`/${shop}/customers/${customer.body.customerId}`, {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/billingAddress/emailAddress', value: 'nope' }],
    });
    const patchWhole = await call(`/${shop}/customers/${customer.body.customerId}`, {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/billingAddress', value: { emailAddress: 'nope' } }],
    });

    expect(customer.status).toBe(201);
    expect(created.status).toBe(400);
    expect(created.body.errors).toContainEqual({
      field: 'billingAddress.emailAddress',
      message: 'expected an e-mail address',
    });
    expect(patchField.status).toBe(400);
    expect(patchField.body.errors).toEqual([{ field: '[0].value', message: 'expected an e-mail address' }]);
    expect(patchWhole.status).toBe(400);
    expect(patchWhole.body.errors).toEqual([
      { field: '[0].value.emailAddress', message: 'expected an e-mail address' },
    ]);
  });

  it.each([
    ['a NUL', 'Anna\u0000'],
    ['an escape', 'Anna\u001b[31m'],
    ['a lone surrogate', `Anna${LONE}`],
  ])('answers 400 for %s in a cart address, a field name or a query', async (_, bad) => {
    const cart = await newCart(shop);

    const address = await cart.call('/billing-address', {
      method: 'PUT',
      body: { ...BILLING, firstName: bad },
    });
    const key = await cart.call('/billing-address', { method: 'PUT', body: { ...BILLING, [bad]: 'x' } });
    const query = await call(`/${shop}/products?q=${encodeURIComponent(bad.replace(LONE, '\u0007'))}`);
    const read = await cart.call('');

    expect(address.status).toBe(400);
    expect(address.body.errors).toContainEqual({ field: 'firstName', message: expect.any(String) });
    expect(key.status).toBe(400);
    expect(key.body.errors?.[0]?.field).toBe(bad);
    expect(query.status).toBe(400);
    expect(query.body.errors).toContainEqual({ field: 'q', message: expect.any(String) });
    expect(read.body.billingAddress).toBeNull();
  });

  it('keeps tabs and line breaks, and every well-formed character', async () => {
    const cart = await newCart(shop);

    const response = await cart.call('/billing-address', {
      method: 'PUT',
      body: { ...BILLING, street: 'Hauptstraße 1\r\n2. Hof\tlinks 😀' },
    });

    expect(response.status).toBe(200);
    expect(response.body.billingAddress.street).toBe('Hauptstraße 1\r\n2. Hof\tlinks 😀');
  });
});

describe('a route that needs a body refuses a missing or empty one', () => {
  const needsBody = routeList.filter((r) => r.body !== 'none' && !r.emptyBodyAllowed);

  it('marks every PUT as needing a body, and POST /carts as not', () => {
    expect(routeList.filter((r) => r.method === 'PUT').every((r) => needsBody.includes(r))).toBe(true);
    expect(needsBody.map((r) => r.name)).not.toContain('createCart');
  });

  it('answers 400 naming the body on every such route, and changes nothing', async () => {
    const cart = await newCart(shop, { lineItems: [{ productId: 'espresso-beans', quantity: 1 }] });
    const lineItemId = cart.response.body.lineItemContainer.productLineItems[0].lineItemId as string;
    const customer = await call(`/${shop}/customers`, {
      method: 'POST',
      body: { billingAddress: { country: 'DE', emailAddress: 'empty@example.com' } },
    });
    const ids: Record<string, string> = {
      shopId: shop,
      cartId: cart.cartId,
      lineItemId,
      categoryId: 'root',
      orderId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
      customerId: customer.body.customerId,
      productId: 'espresso-beans',
    };
    const before = await call(`/${shop}/categories/root`);

    const wrong: string[] = [];
    for (const route of needsBody) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? name);
      const query = path.includes('/legal/') ? '?locale=en_GB' : '';
      for (const rawBody of [undefined, '', '  ']) {
        const response = await call(`${path}${query}`, {
          method: route.method,
          cartToken: cart.cartToken,
          ...(rawBody !== undefined ? { rawBody } : {}),
        });
        const named = response.body?.errors?.[0]?.field === 'body';
        if (response.status !== 400 || !named)
          wrong.push(`${route.name} ${JSON.stringify(rawBody)}: ${response.status} ${response.text}`);
      }
    }
    const after = await call(`/${shop}/categories/root`);

    expect(wrong).toEqual([]);
    expect(after.body).toEqual(before.body);
  });

  it('still creates a cart from no body, an empty one or {}', async () => {
    const statuses = await Promise.all(
      [undefined, '', '{}'].map(async (rawBody) => {
        const response = await call(`/${shop}/carts`, {
          method: 'POST',
          ...(rawBody !== undefined ? { rawBody } : {}),
        });
        return response.status;
      }),
    );

    expect(statuses).toEqual([201, 201, 201]);
  });
});

describe('cart routes check who you are and what you address before what you sent', () => {
  const badBody = { quantity: -1, productId: 7 };

  it('answers 403 for a wrong token, 404 for an unknown cart, 410 once ordered, 400 otherwise', async () => {
    const cart = await newCart(shop);
    const ordered = await orderableCart(shop);
    const order = await ordered.call('/order', { method: 'POST' });
    const add = (cartId: string, cartToken: string, body: unknown) =>
      call(`/${shop}/carts/${cartId}/line-items`, { method: 'POST', cartToken, body });

    const wrongToken = await add(cart.cartId, 'not-the-token', badBody);
    const unknownCart = await add('01ARZ3NDEKTSV4RRFFQ69G5FAV', cart.cartToken, badBody);
    const orderedCart = await add(ordered.cartId, ordered.cartToken, badBody);
    const goodToken = await add(cart.cartId, cart.cartToken, badBody);
    const malformed = await call(`/${shop}/carts/${cart.cartId}/line-items`, {
      method: 'POST',
      cartToken: 'not-the-token',
      rawBody: '{"quantity":',
    });
    const badLine = await call(`/${shop}/carts/${cart.cartId}/line-items/${'x'.repeat(300)}`, {
      method: 'PUT',
      cartToken: 'not-the-token',
      body: badBody,
    });
    const badKey = (cartToken: string) =>
      call(`/${shop}/carts/${cart.cartId}/order`, {
        method: 'POST',
        cartToken,
        headers: { 'idempotency-key': 'not a key' },
      });
    const [badKeyWrongToken, badKeyRightToken] = [
      await badKey('not-the-token'),
      await badKey(cart.cartToken),
    ];

    expect(order.status).toBe(201);
    expect([wrongToken.status, unknownCart.status, orderedCart.status, goodToken.status]).toEqual([
      403, 404, 410, 400,
    ]);
    expect(malformed.status).toBe(403);
    expect(badLine.status).toBe(403);
    expect(badKeyWrongToken.status).toBe(403);
    expect(badKeyRightToken.status).toBe(400);
    expect(badKeyRightToken.body.errors).toEqual([
      { field: 'Idempotency-Key', message: 'expected 1 to 255 visible ASCII characters' },
    ]);
  });
});
