import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sampleEventFile } from '../../infra/local/sample-event';
import { routeList } from '../../lib/routes';
import { call } from '../support/api';
import { orderableCart } from '../support/carts';

describe('an ordered cart (410 on every cart endpoint)', () => {
  it('answers 410 to every cart route with the right token, 403 with a wrong one', async () => {
    // Prepare
    const cart = await orderableCart();
    const other = await orderableCart();
    expect((await cart.call('/order', { method: 'POST' })).status).toBe(201);
    const cartRoutes = routeList.filter((route) => route.cartToken);

    for (const route of cartRoutes) {
      // The route's sample body (valid), on the ordered cart
      const sample = JSON.parse(await readFile(sampleEventFile(route), 'utf8'));
      const path = route.path
        .replace('{shopId}', 'demo')
        .replace('{cartId}', cart.cartId)
        .replace(/\{\w+\}/g, 'x');
      const options = {
        method: route.method,
        ...(sample.body !== undefined
          ? { rawBody: sample.body, contentType: sample.headers['content-type'] }
          : {}),
      };

      // Act
      const gone = await call(path, { ...options, cartToken: cart.cartToken });
      const wrong = await call(path, { ...options, cartToken: other.cartToken });

      // Assess
      expect(gone.status, route.name).toBe(410);
      expect(gone.body).toEqual({ status: '410', message: 'Cart has been ordered' });
      expect(wrong.status, route.name).toBe(403);
    }
    expect(cartRoutes.length).toBeGreaterThanOrEqual(15);
  });
});
