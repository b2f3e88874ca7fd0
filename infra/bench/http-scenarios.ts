import { type BenchCart, benchHeaders } from './http-fixtures';
import { LIVE_STOCK_REFRESH } from './live-stock-refresh';
import type { LoadRequest } from './load';
import { searchTwoFilters } from './search';

/** Which server a request goes to: the API (local twin) or its floor. */
export type Side = 'api' | 'floor';

/** One benchmarked endpoint. */
export interface HttpScenario {
  name: string;
  /** Budget: DynamoDB calls per request, the rate limit's lease writes aside. */
  maxCalls: number;
  /**
   * Calls an instance makes now and then beside its requests, allowed on top of maxCalls spread over
   * the requests of that time: the live stock's refresh of the routes that show products (at most
   * every 5 s: 16 keys-only Queries of the change feed and one read of the shards that changed;
   * lib/data/inventory/stock-view.ts). A cost per instance and time, never per request.
   */
  periodicCalls?: { calls: number; everyMs: number };
  /**
   * Budget: CPU per request as a multiple of the floor's (issue 22), on the cart endpoints, whose
   * p50 is mostly DynamoDB Local's latency. Catalog reads have none: their own work (search, facets,
   * pages over the in-memory catalog) is CPU by design, and their p50 budget holds it.
   */
  maxCpuRatio?: number;
  /** The i-th request to a side (both sides get the same requests, except for fresh carts). */
  requests(side: Side): (i: number) => LoadRequest;
  /** Each request uses up an object (a cart to order): runs are bounded by a count, not a time. */
  consumes?: boolean;
}

export interface ScenarioInput {
  /** The demo shop's id and a token for it, the carts read and changed, fresh carts per side. */
  demo: { shopId: string; token: string; carts: BenchCart[]; fresh: Record<Side, BenchCart[]> };
  /** The shop with the generated catalog and a token for it. */
  catalog: { shopId: string; token: string };
}

/** Most CPU per request of a cart endpoint at concurrency 1, as a multiple of its floor's (issue 22). */
export const CART_CPU_RATIO_BUDGET = 2;

/** Products added by the POST line-items scenario (demo, for sale, no variations). */
const ADDED = ['titanium-spork', 'trail-mix', 'feldberg-map', 'olivewood-spoon-set', 'gas-stove'];

/**
 * The endpoints `npm run bench` measures (issue "Performance"): cart read and changes and checkout on
 * the demo shop; product list, search and category on the generated catalog. Carts are taken round
 * robin from a pool larger than the concurrency, so concurrent requests rarely change the same cart.
 */
export function httpScenarios({ demo, catalog }: ScenarioInput): HttpScenario[] {
  const cartAt = (i: number) => demo.carts[i % demo.carts.length] as BenchCart;
  const onCart = (cart: BenchCart, json = false) => benchHeaders(demo.token, { cartToken: cart.token, json });
  const catalogHeaders = benchHeaders(catalog.token);
  const same = (request: (i: number) => LoadRequest) => () => request;
  const search = searchTwoFilters(catalog.shopId);
  return [
    {
      name: 'GET /carts/{c}',
      maxCalls: 1,
      maxCpuRatio: CART_CPU_RATIO_BUDGET,
      requests: same((i) => {
        const cart = cartAt(i);
        return { method: 'GET', path: `/${demo.shopId}/carts/${cart.cartId}`, headers: onCart(cart) };
      }),
    },
    {
      name: 'PUT line-items/{l}',
      maxCalls: 2,
      maxCpuRatio: CART_CPU_RATIO_BUDGET,
      requests: same((i) => {
        const cart = cartAt(i);
        return {
          method: 'PUT',
          path: `/${demo.shopId}/carts/${cart.cartId}/line-items/${cart.lineItemId}`,
          headers: onCart(cart, true),
          body: JSON.stringify({ quantity: 1 + (Math.floor(i / demo.carts.length) % 5) }),
        };
      }),
    },
    {
      name: 'POST line-items',
      maxCalls: 2,
      maxCpuRatio: CART_CPU_RATIO_BUDGET,
      requests: same((i) => {
        const cart = cartAt(i);
        const productId = ADDED[Math.floor(i / demo.carts.length) % ADDED.length] as string;
        return {
          method: 'POST',
          path: `/${demo.shopId}/carts/${cart.cartId}/line-items`,
          headers: onCart(cart, true),
          body: JSON.stringify({ productId, quantity: 1 }),
        };
      }),
    },
    {
      name: 'POST /carts/{c}/order',
      maxCalls: 4,
      maxCpuRatio: CART_CPU_RATIO_BUDGET,
      consumes: true,
      requests: (side) => {
        const carts = demo.fresh[side];
        let taken = 0;
        return () => {
          const cart = carts[taken++];
          if (!cart) throw new Error(`no fresh cart left for the ${side} checkouts`);
          return {
            method: 'POST',
            path: `/${demo.shopId}/carts/${cart.cartId}/order`,
            headers: onCart(cart),
          };
        };
      },
    },
    {
      name: 'GET /products page 1',
      maxCalls: 1,
      periodicCalls: LIVE_STOCK_REFRESH,
      requests: same(() => ({ method: 'GET', path: `/${catalog.shopId}/products`, headers: catalogHeaders })),
    },
    {
      name: 'GET /products page 50',
      maxCalls: 1,
      periodicCalls: LIVE_STOCK_REFRESH,
      requests: same(() => ({
        method: 'GET',
        path: `/${catalog.shopId}/products?page=50`,
        headers: catalogHeaders,
      })),
    },
    {
      name: 'POST /search/products (2 filters)',
      maxCalls: 1,
      periodicCalls: LIVE_STOCK_REFRESH,
      requests: same((i) => {
        const request = search.request(i);
        return {
          method: 'POST',
          path: request.path,
          headers: { ...catalogHeaders, 'content-type': 'application/json' },
          body: JSON.stringify(request.body),
        };
      }),
    },
    {
      name: 'GET /categories/{c}',
      maxCalls: 1,
      requests: same((i) => ({
        method: 'GET',
        path: `/${catalog.shopId}/categories/c${1 + (i % 8)}-${1 + (Math.floor(i / 8) % 5)}-${1 + (Math.floor(i / 40) % 3)}`,
        headers: catalogHeaders,
      })),
    },
  ];
}
