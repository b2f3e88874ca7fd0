/**
 * THE route table: the single source for every handler, the local server, the CDK stack, the tests
 * and the README's endpoint table. Adding an endpoint = one row here, one file under functions/,
 * one sample event under events/.
 */

/** OAuth scopes of the API (contract: "Authentication and scopes"). */
export const SCOPES = [
  'carts_read',
  'carts_price_write',
  'orders_read',
  'orders_write',
  'products_read',
  'products_write',
  'customers_read',
  'customers_write',
  'legal_write',
] as const;
export type Scope = (typeof SCOPES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route accepts as a request body (contract: "Transport"):
 * none = any body is ignored; json; form = JSON or application/x-www-form-urlencoded;
 * patch = application/json or application/json-patch+json.
 */
export type BodyKind = 'none' | 'json' | 'form' | 'patch';

export interface Route {
  /** camelCase operation name; also the Lambda function's logical name. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path template with {param} placeholders, relative to the API root. */
  readonly path: string;
  /** Required scope; null = any valid token of the shop. */
  readonly scope: Scope | null;
  /** Whether the route needs the cart token and loads the cart (contract: "Cart token and cart states"). */
  readonly cartToken: boolean;
  readonly body: BodyKind;
  /** Whether the route writes to the table (read-only routes get read-only grants). */
  readonly writes: boolean;
  /** Handler module, relative to the repository root; exports `handler`. */
  readonly handler: string;
}

const route = <const R extends Route>(r: R): R => r;

export const routes = {
  createCart: route({
    name: 'createCart',
    method: 'POST',
    path: '/{shopId}/carts',
    scope: null,
    cartToken: false,
    body: 'json',
    writes: true,
    handler: 'functions/carts/create-cart.ts',
  }),
  getCart: route({
    name: 'getCart',
    method: 'GET',
    path: '/{shopId}/carts/{cartId}',
    scope: null,
    cartToken: true,
    body: 'none',
    writes: false,
    handler: 'functions/carts/get-cart.ts',
  }),
  addLineItem: route({
    name: 'addLineItem',
    method: 'POST',
    path: '/{shopId}/carts/{cartId}/line-items',
    scope: null,
    cartToken: true,
    body: 'json',
    writes: true,
    handler: 'functions/carts/add-line-item.ts',
  }),
  listProducts: route({
    name: 'listProducts',
    method: 'GET',
    path: '/{shopId}/products',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/list-products.ts',
  }),
  listShippingMethods: route({
    name: 'listShippingMethods',
    method: 'GET',
    path: '/{shopId}/shipping-methods',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/shipping/list-shipping-methods.ts',
  }),
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** Every route, in table order. */
export const routeList: readonly Route[] = Object.values(routes);
