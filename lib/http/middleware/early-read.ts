import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MiddlewareObj } from '@middy/core';
import { getCartWithCatalogVersion } from '../../data/cart/cart-repository';
import { catalogVersion } from '../../data/catalog/catalog-repository';
import { freshStock } from '../../data/inventory/stock-view';
import type { Route } from '../../routes';
import { speedTrickOn } from '../../speed/switches';
import type { ApiContext, ApiEvent, ApiResult } from '../types';
import { cartOfPath } from './cart-token';

/**
 * Speed trick `early-read`: the request's first DynamoDB read starts right after authentication, so
 * that the rate limit (and on catalog reads body parsing, validation and the answer) run while
 * DynamoDB answers instead of after, on a CPU still warm:
 * - cart routes: the cart with the catalog version, which middleware/cart-token.ts checks in its turn;
 * - catalog reads (`catalogRead`): the catalog version, for answerFromCatalog
 *   (lib/speed/speculative-catalog-answer.ts).
 * The checks keep their order and their answers: nothing waits for the read before its own step. A
 * request refused meanwhile (429, 400) has paid that one read for nothing.
 * What it saves: docs/performance.md "Speed tricks" (bench: `--only "GET /carts/{c}"` with and
 * without). Off: `SPEED_TRICKS_OFF=early-read`; cart routes then read the cart in cart-token.ts and
 * catalog reads start their version read after validation (the `late` use in lib/http/endpoint.ts).
 */
export function startFirstRead(
  route: Route,
  when: 'early' | 'late',
): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async (request) => {
      if (speedTrickOn('early-read') !== (when === 'early')) return;
      const { api } = request.context;
      const shopId = request.event.pathParameters?.shopId;
      // Late, only catalog reads need their read started: cart-token.ts reads the cart itself.
      if (when === 'late') {
        if (route.catalogRead && shopId) api.catalogVersionRead = handled(catalogRead(route, shopId));
        return;
      }
      const cart = route.cartToken ? cartOfPath(request.event) : undefined;
      if (cart) api.cartRead = handled(getCartWithCatalogVersion(cart.shopId, cart.cartId));
      else if (route.catalogRead && shopId) api.catalogVersionRead = handled(catalogRead(route, shopId));
      else return;
      // The SDK sends the request over a few microtasks: let it reach the socket before more work.
      await nextTurn();
    },
  };
}

/** The catalog version; for answers that show stock, with the live stock made fresh beside it. */
async function catalogRead(route: Route, shopId: string): Promise<number | null> {
  if (!route.liveStock) return catalogVersion(shopId);
  // A refresh that fails (DynamoDB failing for a moment) does not fail a read the version read
  // answered: it shows the stock as last refreshed, and the next read refreshes again.
  const [version] = await Promise.all([catalogVersion(shopId), freshStock(shopId).catch(() => undefined)]);
  return version;
}

/** Awaited in a later step; a request refused before then must not leave an unhandled rejection. */
function handled<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
