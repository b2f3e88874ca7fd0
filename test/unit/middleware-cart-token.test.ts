import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartWithCatalogVersion } from '../../lib/data/cart/cart-repository';
import type { CartRecord } from '../../lib/domain/cart/cart';
import { hashCartToken } from '../../lib/domain/cart/cart-token';
import { HttpError } from '../../lib/http/errors';
import { CART_TOKEN_HEADER, cartToken } from '../../lib/http/middleware/cart-token';
import type { Route } from '../../lib/routes';
import { routes } from '../../lib/routes';
import { eventWith, middyRequest } from './support/api-event';

vi.mock('../../lib/data/cart/cart-repository', () => ({ getCartWithCatalogVersion: vi.fn() }));

const CART_ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const TOKEN = 'k3Jq9xVt2bW8mPz4Lr6Ns1Yc0Hd7Fg5A';

function cartRecord(overrides: Partial<CartRecord> = {}): CartRecord {
  const now = new Date().toISOString();
  return {
    shopId: 'demo',
    cartId: CART_ID,
    tokenHash: hashCartToken(TOKEN),
    status: 'open',
    version: 1,
    currency: 'EUR',
    taxType: 'GROSS',
    locale: 'en_GB',
    createdAt: now,
    updatedAt: now,
    pickupToken: 'pickup',
    lineItems: [],
    billingAddress: null,
    shippingAddress: null,
    shipping: null,
    payment: null,
    coupon: null,
    orderId: null,
    ...overrides,
  };
}

/** A cart request from the sample event, with the cart id and token given. */
function cartRequest(cartId: string | undefined, token: string | undefined) {
  const event = eventWith('carts/get-cart', { headers: { 'x-service-cart-token': token } });
  event.pathParameters = { shopId: 'demo', ...(cartId === undefined ? {} : { cartId }) };
  return middyRequest(event);
}

/** Runs the before step; answers the HttpError thrown, or undefined when the request passed. */
async function check(route: Route, request: ReturnType<typeof cartRequest>): Promise<HttpError | undefined> {
  try {
    await cartToken(route).before?.(request);
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

/** The stubbed read of the cart (with its shop's catalog version). */
const stored = {
  mockReset: () => vi.mocked(getCartWithCatalogVersion).mockReset(),
  mockResolvedValue: (cart: CartRecord | null) =>
    vi.mocked(getCartWithCatalogVersion).mockResolvedValue({ cart, catalogVersion: 1 }),
};

beforeEach(() => {
  stored.mockReset();
});

describe('hashCartToken', () => {
  it('stores the sha256 of the token as hex, never the token', () => {
    // Prepare
    const token = TOKEN;

    // Act
    const hash = hashCartToken(token);

    // Assess
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashCartToken(token)).toBe(hash);
    expect(hashCartToken(`${token}x`)).not.toBe(hash);
  });
});

describe('cartToken middleware', () => {
  it('hands the cart to the handler when the token matches', async () => {
    // Prepare
    const cart = cartRecord();
    stored.mockResolvedValue(cart);
    const request = cartRequest(CART_ID, TOKEN);

    // Act
    const error = await check(routes.getCart, request);

    // Assess
    expect(error).toBeUndefined();
    expect(getCartWithCatalogVersion).toHaveBeenCalledWith('demo', CART_ID);
    expect(request.context.api.cart).toBe(cart);
  });

  it('does nothing on routes without a cart', async () => {
    // Prepare
    const request = cartRequest(undefined, undefined);

    // Act
    const error = await check(routes.createCart, request);

    // Assess
    expect(error).toBeUndefined();
    expect(getCartWithCatalogVersion).not.toHaveBeenCalled();
    expect(request.context.api.cart).toBeUndefined();
  });

  it('answers 404 for an unknown (or expired) cart, before looking at the token', async () => {
    // Prepare
    stored.mockResolvedValue(null);

    // Act
    const withToken = await check(routes.getCart, cartRequest(CART_ID, TOKEN));
    const withoutToken = await check(routes.getCart, cartRequest(CART_ID, undefined));

    // Assess
    expect(withToken?.status).toBe(404);
    expect(withToken?.message).toBe('Cart not found');
    expect(withoutToken?.status).toBe(404);
  });

  it('answers 404 without reading the table for ids that cannot be carts', async () => {
    // Prepare
    const ids = ['not-a-ulid', '01jabcdefghjkmnpqrstvwxyz0', `${CART_ID}0`, 'PK#CART#x', ''];

    // Act
    const errors = await Promise.all(ids.map((id) => check(routes.getCart, cartRequest(id, TOKEN))));

    // Assess
    for (const error of errors) expect(error?.status).toBe(404);
    expect(getCartWithCatalogVersion).not.toHaveBeenCalled();
  });

  it('answers 403 without the cart token', async () => {
    // Prepare
    stored.mockResolvedValue(cartRecord());

    // Act
    const missing = await check(routes.getCart, cartRequest(CART_ID, undefined));
    const empty = await check(routes.getCart, cartRequest(CART_ID, ''));

    // Assess
    expect(missing?.status).toBe(403);
    expect(missing?.message).toContain(CART_TOKEN_HEADER);
    expect(empty?.status).toBe(403);
  });

  it('answers 403 for a wrong token, never naming either token', async () => {
    // Prepare
    stored.mockResolvedValue(cartRecord());
    const wrong = ['wrong-token', `${TOKEN} `, TOKEN.toLowerCase(), hashCartToken(TOKEN)];

    // Act
    const errors = await Promise.all(
      wrong.map((token) => check(routes.getCart, cartRequest(CART_ID, token))),
    );

    // Assess
    for (const [i, error] of errors.entries()) {
      expect(error?.status).toBe(403);
      expect(error?.message).not.toContain(wrong[i]);
      expect(error?.message).not.toContain(TOKEN);
    }
  });

  it('answers 403 when the stored hash is damaged', async () => {
    // Prepare
    stored.mockResolvedValue(cartRecord({ tokenHash: 'not-hex' }));

    // Act
    const error = await check(routes.getCart, cartRequest(CART_ID, TOKEN));

    // Assess
    expect(error?.status).toBe(403);
  });

  it('answers 410 for an ordered cart with the right token', async () => {
    // Prepare
    stored.mockResolvedValue(cartRecord({ status: 'ordered', orderId: 'order-1' }));

    // Act
    const get = await check(routes.getCart, cartRequest(CART_ID, TOKEN));
    const add = await check(routes.addLineItem, cartRequest(CART_ID, TOKEN));

    // Assess
    expect(get?.status).toBe(410);
    expect(add?.status).toBe(410);
  });

  it('lets only the checkout retried with the key that ordered the cart through an ordered cart', async () => {
    // Prepare: the cart keeps the hash of its checkout's Idempotency-Key (never the key)
    stored.mockResolvedValue(
      cartRecord({ status: 'ordered', orderId: 'order-1', checkoutKeyHash: 'hash-1' }),
    );
    const claimed = (keyHash: string | undefined) => {
      const request = cartRequest(CART_ID, TOKEN);
      if (keyHash) request.context.api.checkoutKeyHash = keyHash;
      return request;
    };
    const retry = claimed('hash-1');

    // Act
    const own = await check(routes.createOrder, retry);
    const otherKey = await check(routes.createOrder, claimed('hash-2'));
    const noKey = await check(routes.createOrder, claimed(undefined));
    const otherRoute = await check(routes.getCart, claimed('hash-1'));
    const wrongToken = cartRequest(CART_ID, 'wrong-token');
    wrongToken.context.api.checkoutKeyHash = 'hash-1';
    const ownWithWrongToken = await check(routes.createOrder, wrongToken);

    // Assess
    expect(own).toBeUndefined();
    expect(retry.context.api.cart?.orderId).toBe('order-1');
    expect([otherKey?.status, noKey?.status, otherRoute?.status]).toEqual([410, 410, 410]);
    expect(ownWithWrongToken?.status).toBe(403);
  });

  it('answers 403, not 410, for an ordered cart with a wrong token', async () => {
    // Prepare
    stored.mockResolvedValue(cartRecord({ status: 'ordered' }));

    // Act
    const error = await check(routes.getCart, cartRequest(CART_ID, 'wrong-token'));

    // Assess
    expect(error?.status).toBe(403);
  });
});
