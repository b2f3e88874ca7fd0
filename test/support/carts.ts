import { type CallOptions, call, createCart } from './api';

export const BILLING = {
  firstName: 'Anna',
  lastName: 'Schmidt',
  street: 'Kaiser-Joseph-Straße 12',
  zipCode: '79098',
  city: 'Freiburg',
  country: 'DE',
  emailAddress: 'anna.schmidt@example.com',
};

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
  const billing = await cart.call('/billing-address', {
    method: 'PUT',
    body: { ...BILLING, emailAddress: email },
  });
  if (billing.status !== 200) throw new Error(`billing address refused: ${billing.text}`);
  return cart;
}
