import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { BILLING, newCart } from '../support/carts';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * PATCH /{shopId}/products/{productId} on the stock paths (docs/inventory.md "Changing
 * stock", docs/api-rules.md "JSON Patch", "ETag and If-Match"), through real HTTP: relative add, replace,
 * remove, the minimum, every refusal naming its operation, all or nothing, ETag and If-Match, and
 * races with other adds and with checkouts.
 */

const patch = (shop: string, productId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`/${shop}/products/${productId}`, { method: 'PATCH', body, headers });
const read = (shop: string, productId: string) => call(`/${shop}/products/${productId}`);
const stockOf = (response: {
  body: { stocklevel: unknown; minStocklevel: unknown; availability: unknown };
}) => ({
  stocklevel: response.body.stocklevel,
  minStocklevel: response.body.minStocklevel,
  availability: response.body.availability,
});

describe('PATCH /{shopId}/products/{productId}: stock paths', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop(
      'stockpatch',
      withStock({
        'dome-tent-2p': { stock: 3, min: null },
        'gas-stove': { stock: 10, min: 4 },
        'titanium-spork': { stock: null, min: null },
        'filter-coffee-by-weight': { stock: 2, min: null },
      }),
    );
  });

  it('add is relative (3, add 5 → 8; add −10 → −2, OutStock) and answers the product as GET does, with its ETag', async () => {
    const up = await patch(shop, 'dome-tent-2p', [{ op: 'add', path: '/stocklevel', value: 5 }]);
    const down = await patch(shop, 'dome-tent-2p', [{ op: 'add', path: '/stocklevel', value: -10 }]);
    const got = await read(shop, 'dome-tent-2p');

    expect(up.status).toBe(200);
    expect(stockOf(up)).toEqual({ stocklevel: 8, minStocklevel: null, availability: 'OnStock' });
    expect(down.status).toBe(200);
    expect(stockOf(down)).toEqual({ stocklevel: -2, minStocklevel: null, availability: 'OutStock' });
    expect(up.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(down.headers.get('etag')).not.toBe(up.headers.get('etag'));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(down.body);
    expect(got.headers.get('etag')).toBe(down.headers.get('etag'));
  });

  it('replace sets the level; remove untracks it; add on an untracked level counts it as 0', async () => {
    const replaced = await patch(shop, 'filter-coffee-by-weight', [
      { op: 'replace', path: '/stocklevel', value: 7.25 },
    ]);
    const removed = await patch(shop, 'filter-coffee-by-weight', [{ op: 'remove', path: '/stocklevel' }]);
    const cart = await newCart(shop, { lineItems: [{ productId: 'filter-coffee-by-weight', quantity: 50 }] });
    const added = await patch(shop, 'filter-coffee-by-weight', [
      { op: 'add', path: '/stocklevel', value: 4 },
    ]);

    expect(stockOf(replaced)).toEqual({ stocklevel: 7.25, minStocklevel: null, availability: 'OnStock' });
    expect(stockOf(removed)).toEqual({ stocklevel: null, minStocklevel: null, availability: 'OnStock' });
    expect(cart.cartId).toBeTruthy();
    expect(added.status).toBe(200);
    expect(stockOf(added)).toEqual({ stocklevel: 4, minStocklevel: null, availability: 'OnStock' });
    expect(stockOf(await read(shop, 'filter-coffee-by-weight'))).toEqual(stockOf(added));
  });

  it('replace makes an untracked product tracked, which cart adds then respect', async () => {
    const replaced = await patch(shop, 'titanium-spork', [{ op: 'replace', path: '/stocklevel', value: 2 }]);
    const cart = await newCart(shop);
    const tooMany = await cart.call('/line-items', {
      method: 'POST',
      body: { productId: 'titanium-spork', quantity: 3 },
    });

    expect(replaced.status).toBe(200);
    expect(stockOf(replaced)).toEqual({ stocklevel: 2, minStocklevel: null, availability: 'OnStock' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.errors).toEqual([
      { field: 'quantity', message: '3 requested, 2 available', available: 2 },
    ]);
  });

  it('/minStocklevel: add sets it (WarnStock at or below it), remove unsets it; operations apply in order', async () => {
    const warn = await patch(shop, 'gas-stove', [
      { op: 'add', path: '/minStocklevel', value: 12 },
      { op: 'add', path: '/stocklevel', value: 1 },
      { op: 'add', path: '/stocklevel', value: 1 },
    ]);
    const unset = await patch(shop, 'gas-stove', [{ op: 'remove', path: '/minStocklevel' }]);

    expect(stockOf(warn)).toEqual({ stocklevel: 12, minStocklevel: 12, availability: 'WarnStock' });
    expect(stockOf(unset)).toEqual({ stocklevel: 12, minStocklevel: null, availability: 'OnStock' });
  });

  it('an empty patch changes nothing: 200 and the same ETag', async () => {
    const before = await read(shop, 'gas-stove');

    const empty = await patch(shop, 'gas-stove', []);

    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(before.body);
    expect(empty.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it.each([
    ['an unknown path', [{ op: 'add', path: '/colour', value: 'x' }], '[0].path'],
    ['test', [{ op: 'test', path: '/stocklevel', value: 1 }], '[0].op'],
    ['replace on /minStocklevel', [{ op: 'replace', path: '/minStocklevel', value: 1 }], '[0].op'],
    ['a string value', [{ op: 'add', path: '/stocklevel', value: '3' }], '[0].value'],
    ['4 decimals', [{ op: 'add', path: '/stocklevel', value: 1.2345 }], '[0].value'],
    ['a negative replace', [{ op: 'replace', path: '/stocklevel', value: -1 }], '[0].value'],
    ['a negative minimum', [{ op: 'add', path: '/minStocklevel', value: -1 }], '[0].value'],
    ['add without a value', [{ op: 'add', path: '/stocklevel' }], '[0].value'],
  ])('answers 400 for %s, naming %s', async (_, body, field) => {
    const refused = await patch(shop, 'gas-stove', body);

    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('answers 400 for a body that is not an array', async () => {
    const refused = await patch(shop, 'gas-stove', { op: 'add', path: '/stocklevel', value: 1 });

    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Request body must be a JSON Patch array');
  });

  it('applies all or nothing: a bad second operation leaves the level as it was', async () => {
    const before = await read(shop, 'gas-stove');

    const refused = await patch(shop, 'gas-stove', [
      { op: 'add', path: '/stocklevel', value: 5 },
      { op: 'add', path: '/stocklevel', value: 'five' },
    ]);

    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: '[1].value', message: 'expected a number' }]);
    const after = await read(shop, 'gas-stove');
    expect(after.body.stocklevel).toBe(before.body.stocklevel);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('answers 404 for an unknown product and 403 without products_write', async () => {
    const unknown = await patch(shop, 'no-such-product', [{ op: 'add', path: '/stocklevel', value: 1 }]);
    const readOnly = await call(`/${shop}/products/gas-stove`, {
      method: 'PATCH',
      body: [{ op: 'add', path: '/stocklevel', value: 1 }],
      token: tokenFor(shop, ['products_read']),
    });

    expect(unknown.status).toBe(404);
    expect(readOnly.status).toBe(403);
  });
});

describe('ETag and If-Match', () => {
  it('applies a patch at the current ETag or *, and answers 412 for any other, changing nothing', async () => {
    // Prepare
    const shop = await privateDemoShop('stocketag', withStock({ 'gas-stove': { stock: 5, min: null } }));
    const first = await read(shop, 'gas-stove');
    const etag = first.headers.get('etag') as string;

    // Act
    const atCurrent = await patch(shop, 'gas-stove', [{ op: 'add', path: '/stocklevel', value: 1 }], {
      'if-match': etag,
    });
    const stale = await patch(shop, 'gas-stove', [{ op: 'add', path: '/stocklevel', value: 1 }], {
      'if-match': etag,
    });
    const unchanged = await read(shop, 'gas-stove');
    const any = await patch(shop, 'gas-stove', [{ op: 'add', path: '/stocklevel', value: 1 }], {
      'if-match': '*',
    });

    // Assess
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(atCurrent.status).toBe(200);
    expect(atCurrent.body.stocklevel).toBe(6);
    expect(stale.status).toBe(412);
    expect(unchanged.body.stocklevel).toBe(6);
    expect(unchanged.headers.get('etag')).toBe(atCurrent.headers.get('etag'));
    expect(any.status).toBe(200);
    expect(any.body.stocklevel).toBe(7);
  });

  it('changes when a checkout takes stock', async () => {
    const shop = await privateDemoShop('stocketag2', withStock({ 'gas-stove': { stock: 5, min: null } }));
    const cart = await newCart(shop, { lineItems: [{ productId: 'gas-stove', quantity: 1 }] });
    await cart.call('/billing-address', { method: 'PUT', body: BILLING });
    const before = await read(shop, 'gas-stove');

    expect((await cart.call('/order', { method: 'POST' })).status).toBe(201);
    const after = await read(shop, 'gas-stove');

    expect(after.body.stocklevel).toBe(4);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});

describe('races', () => {
  it('counts every one of 20 concurrent relative adds', async () => {
    const shop = await privateDemoShop(
      'stockadds',
      withStock({ 'gas-stove': { stock: 3, min: null, shards: 4 } }),
    );

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        patch(shop, 'gas-stove', [{ op: 'add', path: '/stocklevel', value: i % 2 === 0 ? 2 : -1 }]),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await read(shop, 'gas-stove')).body.stocklevel).toBe(3 + 10 * 2 - 10);
  });

  it('a replace racing checkouts never oversells: what is left is the new level less what sold after it', async () => {
    // Prepare: 5 stoves over 3 shards, 10 carts of one each
    const shop = await privateDemoShop(
      'stockreplace',
      withStock({ 'gas-stove': { stock: 5, min: null, shards: 3 } }),
    );
    const carts = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const cart = await newCart(shop, { lineItems: [{ productId: 'gas-stove', quantity: 1 }] });
        await cart.call('/billing-address', { method: 'PUT', body: BILLING });
        return cart;
      }),
    );

    // Act: the replace lands in the middle of the checkouts
    const checkouts = carts.map((cart) => cart.call('/order', { method: 'POST' }));
    const replaced = await patch(shop, 'gas-stove', [{ op: 'replace', path: '/stocklevel', value: 4 }]);
    const answers = await Promise.all(checkouts);

    // Assess
    const statuses = answers.map((a) => a.status);
    expect(replaced.status).toBe(200);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    const orders = statuses.filter((s) => s === 201).length;
    const left = (await read(shop, 'gas-stove')).body.stocklevel as number;
    // Orders before the replace were already out; those after it came from the 4.
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBeLessThanOrEqual(4);
    expect(left).toBeGreaterThanOrEqual(4 - orders);
    expect(orders).toBeLessThanOrEqual(5 + 4);
    const more = await newCart(shop);
    const tooMany = await more.call('/line-items', {
      method: 'POST',
      body: { productId: 'gas-stove', quantity: left + 1 },
    });
    expect(tooMany.status).toBe(409);
  });
});
