import createClient, { type Middleware } from 'openapi-fetch';
// The types `npm run openapi` generates from openapi.json for every client (type-only: the build drops it).
import type { components, paths } from '../../../examples/client/shop-api-types';
import type { Session } from '../auth/session';

/** The API's v1 media type: every request asks for it. */
const MEDIA_TYPE_V1 = 'application/vnd.service.v1+json';

export type Order = components['schemas']['Order'];
export type OrderList = components['schemas']['OrderList'];
export type SalesReport = components['schemas']['SalesReport'];
export type ApiError = components['schemas']['Error'];
export type Address = components['schemas']['Address'];
export type OrderDocument = components['schemas']['OrderDocument'];
export type Webhook = components['schemas']['Webhook'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** What the products screens read of a product (a list item and a product read both have it). */
export interface ProductView {
  productId: string;
  name: string | null;
  productNumber: string | null;
  shortDescription?: string | null;
  description?: string | null;
  visible: boolean;
  stocklevel: number | null;
  minStocklevel: number | null;
  availability: string | null;
  priceInfo?: {
    price?: { amount: number; currency: string } | null;
    taxClass?: { taxClassId: string } | null;
  } | null;
}

/** The typed client of the public API (generated from openapi.json by `npm run openapi`). */
export type Api = ReturnType<typeof createApi>;

/**
 * A client bound to the signed-in merchant: Bearer token and Accept on every request; a 401 (token
 * gone or revoked) calls `onUnauthorized` so the console asks to sign in again.
 */
export function createApi(apiUrl: string, session: Session, onUnauthorized: () => void) {
  const client = createClient<paths>({ baseUrl: apiUrl || location.origin });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${session.accessToken}`);
      request.headers.set('Accept', MEDIA_TYPE_V1);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) onUnauthorized();
      return response;
    },
  };
  client.use(auth);
  return client;
}
