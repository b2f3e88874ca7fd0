import { describe, expect, it } from 'vitest';
import { call, createCart } from '../support/api';
import { orderableCart } from '../support/carts';

describe('cart token (docs/api-rules.md "Cart token and cart states")', () => {
  it('returns a token of at least 128 bits once, on creation only', async () => {
    const { cartId, cartToken } = await createCart();

    const read = await call(`/demo/carts/${cartId}`, { cartToken });

    expect(Buffer.from(cartToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-service-cart-token')).toBeNull();
    expect(read.text).not.toContain(cartToken);
  });

  it.each([
    ['GET', ''],
    ['POST', '/line-items'],
  ])(
    '%s %s: 404 for an unknown cart, 403 without or with a wrong token, 410 once ordered',
    async (method, suffix) => {
      // Prepare
      const { cartId, cartToken, ...cart } = await orderableCart();
      const other = await createCart();
      const body = method === 'POST' ? { productId: 'merino-beanie', quantity: 1 } : undefined;
      const path = (id: string) => `/demo/carts/${id}${suffix}`;

      // Act
      const unknown = await call(path('01ARZ3NDEKTSV4RRFFQ69G5FAV'), { method, body, cartToken });
      const malformed = await call(path('not-a-cart'), { method, body, cartToken });
      const missing = await call(path(cartId), { method, body });
      const wrong = await call(path(cartId), { method, body, cartToken: other.cartToken });
      const order = await cart.call('/order', { method: 'POST' });
      const gone = await call(path(cartId), { method, body, cartToken });
      const goneWithoutToken = await call(path(cartId), { method, body });

      // Assess
      expect([unknown.status, unknown.body.status]).toEqual([404, '404']);
      expect(malformed.status).toBe(404);
      expect([missing.status, missing.body.status]).toEqual([403, '403']);
      expect(wrong.status).toBe(403);
      expect(order.status).toBe(201);
      expect([gone.status, gone.body.status]).toEqual([410, '410']);
      expect(goneWithoutToken.status).toBe(403);
    },
  );

  it("never serves another shop's cart, even with its token", async () => {
    const { cartId, cartToken } = await createCart('other');

    const response = await call(`/demo/carts/${cartId}`, { cartToken });

    expect(response.status).toBe(404);
  });
});
