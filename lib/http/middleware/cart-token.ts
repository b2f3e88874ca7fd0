import type { MiddlewareObj } from '@middy/core';
import { getCartWithCatalogVersion } from '../../data/cart/cart-repository';
import { orderedWithKey } from '../../domain/cart/cart';
import { cartTokenMatches } from '../../domain/cart/cart-token';
import type { Route } from '../../routes';
import { Forbidden, Gone, NotFound } from '../errors';
import type { ApiContext, ApiEvent, ApiResult } from '../types';

export const CART_TOKEN_HEADER = 'X-Service-Cart-Token';

/**
 * docs/api-rules.md "Cart token and cart states": loads the cart once and hands it to the handler.
 * Unknown or expired cart 404; missing or wrong token 403; correct token but ordered 410, except
 * for a checkout retried with the Idempotency-Key that ordered the cart (`ordered-cart` routes).
 */
export function cartToken(route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async (request) => {
      if (!route.cartToken) return;
      const path = cartOfPath(request.event);
      if (!path) throw new NotFound('Cart not found');
      // Started right after auth (lib/http/middleware/early-read.ts), or here.
      const { cart, catalogVersion } = await (request.context.api.cartRead ??
        getCartWithCatalogVersion(path.shopId, path.cartId));
      if (!cart) throw new NotFound('Cart not found');
      request.context.api.catalogVersion = catalogVersion;
      const token = request.event.headers?.[CART_TOKEN_HEADER.toLowerCase()];
      if (!token) throw new Forbidden(`Missing ${CART_TOKEN_HEADER} header`);
      if (!cartTokenMatches(token, cart.tokenHash)) throw new Forbidden('Wrong cart token');
      // A replayed answer (Idempotency-Key) is still served only to the holder of the cart token.
      const { api } = request.context;
      if (api.replay) return;
      // The retry of the checkout that ordered this cart (its Idempotency-Key) gets its order, not
      // 410; only to the holder of the cart token (the order holds the buyer's address).
      const ownCheckout = route.idempotent === 'ordered-cart' && orderedWithKey(cart, api.checkoutKeyHash);
      if (cart.status === 'ordered' && !ownCheckout) throw new Gone('Cart has been ordered');
      api.cart = cart;
    },
  };
}

/** Cart ids are ULIDs. */
const CART_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The shop and cart of a cart route's path; undefined when the cart id cannot be one. */
export function cartOfPath(event: ApiEvent): { shopId: string; cartId: string } | undefined {
  const { shopId, cartId } = event.pathParameters ?? {};
  return shopId && cartId && CART_ID.test(cartId) ? { shopId, cartId } : undefined;
}
