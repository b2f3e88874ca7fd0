import { CART_TOKEN_HEADER } from '../../lib/http/middleware/cart-token';
import { RETURNING_BUYER_BILLING } from '../local/seed/returning-buyer';

/** The media type of API version 1 (docs/api-rules.md "Transport"). */
export const ACCEPT_V1 = 'application/vnd.service.v1+json';

/** A cart the bench made through the API, with its token and first line. */
export interface BenchCart {
  cartId: string;
  token: string;
  lineItemId: string;
}

/** A line to put in a bench cart. */
export interface CartLine {
  productId: string;
  quantity: number;
}

/** Two demo products for sale: a cart of both is over the demo shop's 5.00 minimum. */
const CART_LINES: readonly CartLine[] = [
  { productId: 'espresso-beans', quantity: 2 },
  { productId: 'enamel-mug', quantity: 1 },
];

export interface ApiAnswer {
  status: number;
  body: string;
  contentType: string;
  headers: Headers;
}

/** One request to the API with fetch (set-up and warm-up, never measured). */
export async function callApi(
  baseUrl: string,
  {
    method,
    path,
    headers,
    body,
  }: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<ApiAnswer> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  return {
    status: response.status,
    body: await response.text(),
    contentType: response.headers.get('content-type') ?? 'application/json',
    headers: response.headers,
  };
}

/** The headers of a bench request: version, token, cart token, JSON body. */
export function benchHeaders(
  token: string,
  extra: { cartToken?: string; json?: boolean } = {},
): Record<string, string> {
  return {
    accept: ACCEPT_V1,
    authorization: `Bearer ${token}`,
    ...(extra.cartToken ? { [CART_TOKEN_HEADER.toLowerCase()]: extra.cartToken } : {}),
    ...(extra.json ? { 'content-type': 'application/json' } : {}),
  };
}

/**
 * Makes `count` orderable carts through the API (POST /carts with `lines`, by default two, PUT
 * billing-address), `parallel` at a time: made before any measurement, so a checkout always finds
 * a fresh cart.
 */
export async function makeCarts(
  baseUrl: string,
  shopId: string,
  token: string,
  count: number,
  parallel = 8,
  lines: readonly CartLine[] = CART_LINES,
): Promise<BenchCart[]> {
  const carts: BenchCart[] = [];
  let made = 0;
  const worker = async () => {
    while (made < count) {
      made++;
      const created = await callApi(baseUrl, {
        method: 'POST',
        path: `/${shopId}/carts`,
        headers: benchHeaders(token, { json: true }),
        body: JSON.stringify({ lineItems: lines }),
      });
      if (created.status !== 201) throw new Error(`POST /carts: ${created.status} ${created.body}`);
      const body = JSON.parse(created.body) as {
        cartId: string;
        lineItemContainer: { productLineItems: { lineItemId: string }[] };
      };
      const cart = {
        cartId: body.cartId,
        token: created.headers.get(CART_TOKEN_HEADER) ?? '',
        lineItemId: body.lineItemContainer.productLineItems[0]?.lineItemId ?? '',
      };
      const billed = await callApi(baseUrl, {
        method: 'PUT',
        path: `/${shopId}/carts/${cart.cartId}/billing-address`,
        headers: benchHeaders(token, { cartToken: cart.token, json: true }),
        body: JSON.stringify(RETURNING_BUYER_BILLING),
      });
      if (billed.status !== 200) throw new Error(`PUT billing-address: ${billed.status} ${billed.body}`);
      carts.push(cart);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return carts;
}
