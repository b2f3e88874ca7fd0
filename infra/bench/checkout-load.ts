import type { BenchCart } from './http-fixtures';
import { benchHeaders } from './http-fixtures';
import { type LoadResult, load } from './load';

/**
 * Checks out `amount` of `carts` in turn over `connections` connections (the flash sale, coupons
 * under load): the load result and every answer's status and body, for the 409s' entries.
 */
export async function checkoutCarts(
  url: string,
  shopId: string,
  token: string,
  carts: readonly BenchCart[],
  connections: number,
  amount: number,
): Promise<{ result: LoadResult; bodies: { status: number; body: string }[] }> {
  let i = 0;
  const bodies: { status: number; body: string }[] = [];
  const result = await load(url, {
    connections: Math.min(connections, amount),
    amount,
    next: () => {
      const cart = carts[i++];
      if (!cart) throw new Error('no cart left to order');
      return {
        method: 'POST',
        path: `/${shopId}/carts/${cart.cartId}/order`,
        headers: benchHeaders(token, { cartToken: cart.token }),
      };
    },
    onAnswer: (status, body) => bodies.push({ status, body }),
  });
  return { result, bodies };
}
