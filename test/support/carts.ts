import { RETURNING_BUYER_BILLING } from '../../infra/local/seed/returning-buyer';
import { answered, type CallOptions, call, createCart } from './api';
import type { Caller } from './own-server';

/** The seeded returning buyer's billing address (infra/local/seed/returning-buyer.ts). */
export const BILLING = RETURNING_BUYER_BILLING;

/** A new cart and a caller bound to it: `cart.call('/line-items', {method, body})`. */
export async function newCart(shop = 'demo', body: unknown = {}) {
  const created = await createCart(shop, body);
  return {
    ...created,
    shop,
    call: (path: string, options: CallOptions = {}) =>
      call(`/${shop}/carts/${created.cartId}${path}`, { cartToken: created.cartToken, ...options }),
  };
}

/** A cart with one line and a billing address: ready to order. */
export async function orderableCart(shop = 'demo', email = BILLING.emailAddress) {
  const cart = await newCart(shop, { lineItems: [{ productId: 'espresso-beans', quantity: 2 }] });
  const billing = await answered(() =>
    cart.call('/billing-address', { method: 'PUT', body: { ...BILLING, emailAddress: email } }),
  );
  if (billing.status !== 200) throw new Error(`billing address refused: ${billing.text}`);
  return cart;
}

/**
 * A cart of these lines with a billing address, made through `api` (the run's server or a file's
 * own): its path and token, and its checkout.
 */
export async function billedCart(
  api: Caller,
  shop: string,
  lineItems: { productId: string; quantity: number }[],
) {
  const created = await api(`/${shop}/carts`, { method: 'POST', body: { lineItems } });
  const cartToken = created.headers.get('x-service-cart-token') as string;
  const path = `/${shop}/carts/${created.body.cartId}`;
  await api(`${path}/billing-address`, { method: 'PUT', body: BILLING, cartToken });
  const checkout = (headers: Record<string, string> = {}) =>
    api(`${path}/order`, { method: 'POST', cartToken, headers });
  return { path, cartToken, checkout };
}
